import {
  cardBrand,
  cardExpired,
  cardExpirySchema,
  cardNumberSchema,
  messages,
  type NewCardBody,
  newCardBody,
  todayInSaoPaulo,
} from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { MaskedTextField } from '@/shared/components/masked-text-field';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { ApiError } from '@/shared/http';
import * as paths from '@/shared/paths';
import { useSnackbar } from '@/shared/snackbar';
import { brandName, useCreateCard } from '../api';
import { BrandBadge } from '../components/brand-badge';
import type { PaymentLocationState } from './pay-with-card-page';

/** 0000 0000 0000 0000 */
const maskNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** 00/00 */
const maskExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

type FormValues = {
  CardAlias: string;
  CardNumber: string;
  Holder: string;
  ExpirationDate: string;
  SecurityCode: string;
};
const FIELDS: readonly (keyof FormValues)[] = [
  'CardAlias',
  'CardNumber',
  'Holder',
  'ExpirationDate',
  'SecurityCode',
];
/**
 * The API's body with the form's own field texts (spec §5) for the number and the expiry, plus what
 * the server would refuse anyway: a card past its month (spec §8 'Cartão expirado.').
 */
const cardForm = newCardBody.extend({
  CardNumber: cardNumberSchema,
  ExpirationDate: cardExpirySchema.refine((v) => !cardExpired(v, todayInSaoPaulo()), messages.cardExpired),
});
type NewCard = ReturnType<typeof cardForm.parse>;
const emptyForm: FormValues = {
  CardAlias: '',
  CardNumber: '',
  Holder: '',
  ExpirationDate: '',
  SecurityCode: '',
};

/** spec §8 'Cards': the creation errors by code; anything else is the generic failure. */
function createError(error: ApiError): { message: string; severity: 'error' | 'warning' } {
  switch (error.code) {
    case 'CARD_INVALID':
    case 'CARD_ALREADY_REGISTERED':
    case 'CARD_EXPIRED':
    case 'CARD_PAYMENT_UNAVAILABLE':
    case 'CARD_VELOCITY':
    case 'VALIDATION':
      return { message: error.message, severity: 'error' };
    case 'NO_ACTIVE_CONTRACT':
      return { message: messages.noActiveContract, severity: 'warning' };
    default:
      if (error.status === 409) return { message: messages.cardConflict, severity: 'error' };
      return { message: messages.cardCreateFailed, severity: 'error' };
  }
}

/**
 * spec §2.2 /panel/financial/credit-card/new and …/invoice/{id}/payment/card/new. The number and the
 * CVV live in this form's state only: sent once, never stored, cleared on success.
 */
export function CardFormPage() {
  const { invoiceId } = useParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const create = useCreateCard();
  const form = useForm<NewCardBody, unknown, NewCard>({
    resolver: zodResolver(cardForm),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;
  const back = invoiceId ? paths.cardPayment(invoiceId) : paths.cards;
  const number = form.watch('CardNumber');
  const brand = number.replace(/\D/g, '').length >= 2 ? cardBrand(number) : null;

  const onSubmit = form.handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (card) => {
        form.reset(emptyForm);
        snackbar.success(messages.cardCreated);
        if (invoiceId) {
          const state: PaymentLocationState = { selectedCardId: card.uuid };
          navigate(back, { replace: true, state });
        } else {
          navigate(paths.cards, { replace: true });
        }
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) {
          snackbar.error(messages.cardCreateFailed);
          return;
        }
        if (error.code === 'NOT_AUTHENTICATED') return;
        const fields = (error.issues ?? []).filter((i) => FIELDS.includes(i.path as keyof FormValues));
        for (const [index, issue] of fields.entries()) {
          form.setError(
            issue.path as keyof FormValues,
            { message: issue.message },
            { shouldFocus: index === 0 },
          );
        }
        if (error.code === 'CARD_INVALID') form.setError('CardNumber', { message: error.message });
        if (error.code === 'CARD_EXPIRED') form.setError('ExpirationDate', { message: error.message });
        if (fields.length > 0) return;
        const { message, severity } = createError(error);
        snackbar.notify(message, severity);
      },
    });
  });

  const { ref: aliasRef, ...alias } = form.register('CardAlias');
  const { ref: holderRef, ...holder } = form.register('Holder');

  return (
    <>
      <PageTitle>Novo cartão</PageTitle>
      <PageHeader
        title="Novo cartão"
        subtitle="Aceitamos cartões de crédito Visa e Mastercard."
        back={{ to: back }}
      />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
            <TextField
              id="card-alias"
              label="Apelido do cartão"
              autoComplete="off"
              {...alias}
              inputRef={aliasRef}
              error={Boolean(errors.CardAlias)}
              helperText={
                errors.CardAlias?.message ?? 'Opcional. Sem apelido, o cartão se chamará “Recorrente”.'
              }
              slotProps={{ htmlInput: { maxLength: 40 } }}
            />
            <Controller
              control={form.control}
              name="CardNumber"
              render={({ field, fieldState }) => (
                <MaskedTextField
                  id="card-number"
                  label="Número do cartão"
                  mask={maskNumber}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  autoComplete="cc-number"
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error?.message ??
                    (brand ? `Bandeira: ${brandName(brand)}` : 'Visa ou Mastercard, 16 números')
                  }
                  slotProps={{
                    htmlInput: { maxLength: 19, 'aria-required': true, placeholder: '0000 0000 0000 0000' },
                    input: {
                      endAdornment: brand && (
                        <InputAdornment position="end">
                          <BrandBadge brand={brand} />
                        </InputAdornment>
                      ),
                    },
                  }}
                />
              )}
            />
            <TextField
              id="card-holder"
              label="Nome do titular"
              autoComplete="cc-name"
              {...holder}
              inputRef={holderRef}
              error={Boolean(errors.Holder)}
              helperText={errors.Holder?.message ?? 'Como está impresso no cartão'}
              slotProps={{
                htmlInput: { maxLength: 45, 'aria-required': true, autoCapitalize: 'characters' },
              }}
            />
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
                gap: 2.5,
              }}
            >
              <Controller
                control={form.control}
                name="ExpirationDate"
                render={({ field, fieldState }) => (
                  <MaskedTextField
                    id="card-expiry"
                    label="Validade (MM/AA)"
                    mask={maskExpiry}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    autoComplete="cc-exp"
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                    slotProps={{ htmlInput: { maxLength: 5, 'aria-required': true, placeholder: 'MM/AA' } }}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="SecurityCode"
                render={({ field, fieldState }) => (
                  <TextField
                    id="card-cvv"
                    label="CVV"
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 3))}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    autoComplete="cc-csc"
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3, 'aria-required': true } }}
                  />
                )}
              />
            </Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={create.isPending}
              sx={{ alignSelf: { sm: 'flex-start' } }}
            >
              Cadastrar cartão
            </Button>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            >
              <LockOutlined sx={{ fontSize: 14 }} aria-hidden />
              Os dados do cartão vão direto para o processador de pagamentos. Guardamos apenas os 4 últimos
              números.
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
