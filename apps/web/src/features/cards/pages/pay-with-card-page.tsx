import {
  cardCvvSchema,
  cardMessages,
  formatCents,
  type InstallmentOption,
  type Invoice,
  installmentOptions,
  installmentsSchema,
  messages,
  type SavedCard,
} from '@central/domain';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import CreditCardOffOutlined from '@mui/icons-material/CreditCardOffOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/shared/components/confirm-dialog';
import { EmptyState } from '@/shared/components/empty-state';
import { ErrorState } from '@/shared/components/error-state';
import { isApiError } from '@/shared/http';
import { InvoiceScaffold } from '@/shared/layouts/invoice-scaffold';
import * as paths from '@/shared/paths';
import { useSnackbar } from '@/shared/snackbar';
import { cardsQuery, usePayInvoice } from '../api';
import { CardSummary, cardName } from '../components/card-summary';

/** '1x de R$ 99,90 sem juros', '2x de R$ 52,38 (total R$ 104,76)'. */
export function installmentLabel(option: InstallmentOption): string {
  const each = formatCents(option.installmentCents);
  if (option.installments === 1) return `1x de ${each} sem juros`;
  return `${option.installments}x de ${each} (total ${formatCents(option.totalCents)})`;
}

/** spec §8 'Cards': a declined card and a few known refusals have their own text; the rest the generic one. */
function paymentError(error: unknown): string {
  if (!isApiError(error)) return messages.paymentFailed;
  switch (error.code) {
    case 'PAYMENT_DECLINED':
    case 'PAYMENT_IN_PROGRESS':
    case 'PAYMENT_CONFIRMING':
    case 'CARD_VELOCITY':
    case 'INVOICE_NOT_PAYABLE':
    case 'CARD_PAYMENT_UNAVAILABLE':
    case 'CARD_NOT_FOUND':
    case 'VALIDATION':
      return error.message;
    default:
      return messages.paymentFailed;
  }
}

/** Where a card added from the payment flow comes back selected. */
export type PaymentLocationState = { selectedCardId?: string } | null;

function CardOption({ card, selected }: { card: SavedCard; selected: boolean }) {
  return (
    <Box
      component="label"
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1.5,
        pl: 0.5,
        borderRadius: 2,
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        boxShadow: selected ? `inset 0 0 0 1px ${theme.palette.primary.main}` : 'none',
        bgcolor: selected ? alpha(theme.palette.primary.main, 0.04) : 'background.paper',
        cursor: 'pointer',
        transition: theme.transitions.create(['border-color', 'background-color']),
        '&:hover': { borderColor: 'primary.main' },
      })}
    >
      <Radio value={card.uuid} slotProps={{ input: { 'aria-label': cardName(card) } }} />
      <CardSummary card={card} />
    </Box>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

type Confirmation = { card: SavedCard; option: InstallmentOption; securityCode: string };

function CardPaymentForm({ invoice, pay }: { invoice: Invoice; pay: ReturnType<typeof usePayInvoice> }) {
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const location = useLocation();
  const cards = useQuery(cardsQuery());
  const preferred = (location.state as PaymentLocationState)?.selectedCardId;
  const [chosenId, setChosenId] = useState<string | undefined>(preferred);
  const [installments, setInstallments] = useState(1);
  const [cvv, setCvv] = useState('');
  const [cvvError, setCvvError] = useState<string>();
  const [confirmation, setConfirmation] = useState<Confirmation>();
  // A second click lands before React re-renders the disabled button: this ref stops it.
  const sending = useRef(false);

  const options = installmentOptions(invoice.openValue);
  const option = options[installments - 1] ?? options[0]!;
  const newCardPath = paths.cardPaymentNewCard(invoice.id);
  const list = cards.data ?? [];
  const selected = list.find((c) => c.uuid === chosenId) ?? list[0];

  const onInstallments = (value: string) => {
    const parsed = installmentsSchema.safeParse(Number(value));
    if (parsed.success) {
      setInstallments(parsed.data);
    } else {
      snackbar.warning(cardMessages.installmentsInvalid);
      setInstallments(1);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) return;
    const code = cardCvvSchema.safeParse(cvv);
    if (!code.success) {
      setCvvError(code.error.issues[0]?.message ?? cardMessages.cvvInvalid);
      document.getElementById('security-code')?.focus();
      return;
    }
    setConfirmation({ card: selected, option, securityCode: code.data });
  };

  const onConfirm = () => {
    if (!confirmation || sending.current) return;
    sending.current = true;
    pay.mutate(
      {
        cardId: confirmation.card.uuid,
        invoiceId: invoice.id,
        installments: confirmation.option.installments,
        securityCode: confirmation.securityCode,
      },
      {
        onSuccess: () => {
          snackbar.success(messages.paymentDone);
          navigate(paths.invoice(invoice.id), { replace: true });
        },
        onError: (error) => {
          setConfirmation(undefined);
          if (!isApiError(error, 'NOT_AUTHENTICATED')) snackbar.error(paymentError(error));
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  if (cards.isPending) {
    return (
      <Card sx={{ maxWidth: 640 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={1.5} role="status" aria-label="Carregando cartões">
            <Skeleton variant="text" width={120} />
            <Skeleton variant="rounded" height={72} />
            <Skeleton variant="rounded" height={72} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        </CardContent>
      </Card>
    );
  }
  if (cards.isError) {
    return (
      <ErrorState
        message={messages.cardsFailed}
        onRetry={() => cards.refetch()}
        retrying={cards.isFetching}
      />
    );
  }
  if (!selected) {
    return (
      <EmptyState
        icon={<CreditCardOffOutlined />}
        message={messages.noCards}
        detail="Cadastre um cartão Visa ou Mastercard para pagar esta fatura."
        action={
          <Button component={RouterLink} to={newCardPath} variant="contained" startIcon={<AddCardOutlined />}>
            Adicionar cartão
          </Button>
        }
      />
    );
  }

  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <Section
            title="Cartão"
            action={
              <Button component={RouterLink} to={newCardPath} size="small" startIcon={<AddCardOutlined />}>
                Adicionar cartão
              </Button>
            }
          >
            <RadioGroup
              aria-label="Cartão"
              name="card"
              value={selected.uuid}
              onChange={(event) => setChosenId(event.target.value)}
              sx={{ gap: 1 }}
            >
              {list.map((card) => (
                <CardOption key={card.uuid} card={card} selected={card.uuid === selected.uuid} />
              ))}
            </RadioGroup>
          </Section>

          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 3fr) minmax(0, 2fr)' },
            }}
          >
            <TextField
              select
              id="installments"
              label="Parcelas"
              value={String(installments)}
              onChange={(event) => onInstallments(event.target.value)}
              slotProps={{ select: { native: true } }}
            >
              {options.map((o) => (
                <option key={o.installments} value={o.installments}>
                  {installmentLabel(o)}
                </option>
              ))}
            </TextField>
            <TextField
              id="security-code"
              label="Código de segurança (CVV)"
              value={cvv}
              onChange={(event) => {
                setCvv(event.target.value.replace(/\D/g, '').slice(0, 3));
                setCvvError(undefined);
              }}
              error={Boolean(cvvError)}
              helperText={cvvError ?? '3 números no verso do cartão'}
              autoComplete="cc-csc"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3, 'aria-required': true } }}
            />
          </Box>

          <Divider />

          <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
            <Typography color="text.secondary">Total a pagar</Typography>
            <Typography sx={{ fontWeight: 700, fontSize: '1.5rem' }}>
              {formatCents(option.totalCents)}
            </Typography>
          </Box>

          <Button type="submit" variant="contained" size="large" fullWidth>
            Pagar
          </Button>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 0.5,
              mt: '12px !important',
            }}
          >
            <LockOutlined sx={{ fontSize: 14 }} aria-hidden />
            Pagamento seguro. O código de segurança não fica salvo.
          </Typography>
        </Stack>
      </CardContent>

      <ConfirmDialog
        open={Boolean(confirmation)}
        title="Confirmar pagamento"
        confirmLabel="Confirmar pagamento"
        loading={pay.isPending || pay.isSuccess}
        onConfirm={onConfirm}
        onClose={() => setConfirmation(undefined)}
      >
        {confirmation && (
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
          >
            {(
              [
                ['Fatura', `nº ${invoice.id}`],
                ['Cartão', cardName(confirmation.card)],
                ['Parcelas', installmentLabel(confirmation.option)],
                ['Total', formatCents(confirmation.option.totalCents)],
              ] as const
            ).map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </ConfirmDialog>
    </Card>
  );
}

/** spec §2.2 …/payment/card and §4 'Card payment': choose a card, confirm in a dialog, pay, back to the invoice. */
export function PayWithCardPage() {
  const pay = usePayInvoice();
  return (
    <InvoiceScaffold
      title="Pagar com cartão"
      back={(invoice) => paths.invoice(invoice.id)}
      payment
      settling={pay.isPending || pay.isSuccess}
    >
      {(invoice) => <CardPaymentForm invoice={invoice} pay={pay} />}
    </InvoiceScaffold>
  );
}
