import { messages } from '@central/domain';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/shared/components/empty-state';
import { InvoiceScaffold } from '@/shared/layouts/invoice-scaffold';
import * as paths from '@/shared/paths';
import { useSnackbar } from '@/shared/snackbar';
import { boletoDownloadError, useDownloadBoleto } from '../api';
import { CopyButton } from '../components/copy-button';
import { formatLinhaDigitavel } from '../format';

function Boleto({ invoiceId, linhaDigitavel }: { invoiceId: string; linhaDigitavel: string }) {
  const snackbar = useSnackbar();
  const download = useDownloadBoleto();
  const onDownload = () =>
    download.mutate(invoiceId, { onError: (error) => snackbar.error(boletoDownloadError(error)) });

  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Linha digitável
        </Typography>
        <Box
          component="p"
          sx={{
            m: 0,
            p: 2,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: { xs: 15, sm: 17 },
            lineHeight: 1.6,
            letterSpacing: 0.3,
            wordBreak: 'break-word',
            userSelect: 'all',
          }}
        >
          {formatLinhaDigitavel(linhaDigitavel)}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Cole a linha digitável no app ou internet banking do seu banco, ou baixe o boleto para pagar em
          agências e lotéricas. A compensação pode levar até 3 dias úteis.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2.5 }}>
          <CopyButton
            text={linhaDigitavel.replace(/\D/g, '')}
            label="Copiar linha digitável"
            confirmation={`Código do boleto ${messages.copied}!`}
            size="large"
          />
          <Button
            variant="outlined"
            size="large"
            startIcon={<FileDownloadOutlined />}
            onClick={onDownload}
            loading={download.isPending}
            loadingPosition="start"
          >
            Baixar boleto
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** spec §2.2 …/payment/boleto: the linha digitável to copy and the PDF to download. */
export function BoletoPage() {
  return (
    <InvoiceScaffold title="Pagar com boleto" back={(invoice) => paths.invoice(invoice.id)} payment>
      {(invoice) =>
        invoice.linhaDigitavel ? (
          <Boleto invoiceId={invoice.id} linhaDigitavel={invoice.linhaDigitavel} />
        ) : (
          <EmptyState
            icon={<ReceiptOutlined />}
            message={messages.boletoUnavailable}
            detail="Você pode pagar esta fatura com PIX."
            action={
              <Button component={RouterLink} to={paths.pixPayment(invoice.id)} variant="contained">
                Pagar com PIX
              </Button>
            }
          />
        )
      }
    </InvoiceScaffold>
  );
}
