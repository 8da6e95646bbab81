import { protectedEmailsResponse, sendInvoiceEmailBody, sendInvoiceEmailResponse } from '@central/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '@/shared/http';
import { useSnackbar } from '@/shared/snackbar';

const TITLE = 'Enviar fatura por e-mail';

/**
 * 'Enviar por e-mail' (issue 15): the boleto and the PIX code of an open invoice to one of the customer's
 * own e-mails in the ERP, shown masked as in recovery; the API sends it through the portal's SMTP.
 */
export function SendByEmailDialog(props: { invoiceId: string; open: boolean; onClose: () => void }) {
  const { invoiceId, open, onClose } = props;
  const titleId = useId();
  const legendId = useId();
  const snackbar = useSnackbar();
  const [chosen, setChosen] = useState(0);
  const [fieldError, setFieldError] = useState<string>();
  const emails = useQuery({
    queryKey: ['invoices', 'emails', invoiceId],
    queryFn: ({ signal }) =>
      api(`/customer/invoice/${invoiceId}/emails`, { schema: protectedEmailsResponse, signal }),
    enabled: open,
    staleTime: 5 * 60_000,
  });
  const sending = useMutation({
    mutationFn: (mailIndex: number) =>
      api(`/customer/invoice/${invoiceId}/send-email`, {
        method: 'POST',
        body: { mailIndex },
        schema: sendInvoiceEmailResponse,
      }),
    onSuccess: ({ email }) => {
      snackbar.success(`Fatura enviada para ${email}`);
      onClose();
    },
  });

  const close = () => {
    if (sending.isPending) return;
    sending.reset();
    onClose();
  };
  const submit = () => {
    const parsed = sendInvoiceEmailBody.safeParse({ mailIndex: chosen });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
    setFieldError(undefined);
    sending.mutate(parsed.data.mailIndex);
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {TITLE}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Enviamos o boleto em PDF e o código PIX da fatura nº {invoiceId} para um dos seus e-mails
          cadastrados.
        </Typography>
        {sending.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {sending.error.message}
          </Alert>
        )}
        {emails.isPending ? (
          <Skeleton height={48} aria-label="Carregando e-mails" />
        ) : emails.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => emails.refetch()}>
                Tentar novamente
              </Button>
            }
          >
            {emails.error.message}
          </Alert>
        ) : (
          <FormControl component="fieldset" error={fieldError !== undefined}>
            <FormLabel id={legendId} component="legend" sx={{ mb: 1, color: 'text.primary' }}>
              Para qual e-mail?
            </FormLabel>
            <RadioGroup
              aria-labelledby={legendId}
              value={String(chosen)}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {emails.data.emails.map(({ index, email }) => (
                <FormControlLabel key={index} value={String(index)} control={<Radio />} label={email} />
              ))}
            </RadioGroup>
            {fieldError && <Typography color="error">{fieldError}</Typography>}
          </FormControl>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={sending.isPending}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={submit} loading={sending.isPending} disabled={!emails.isSuccess}>
          Enviar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
