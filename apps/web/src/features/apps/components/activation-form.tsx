import {
  type ActivationForm as ActivationFormRule,
  type AppDetails,
  activationEmailError,
  type ContentAppResponse,
  contentAppBody,
  messages,
} from '@central/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { isApiError } from '@/shared/http';
import { useSnackbar } from '@/shared/snackbar';
import { appErrorMessage, useActivateApp } from '../api';

type Props = {
  details: AppDetails;
  form: ActivationFormRule;
  contractId: string;
  /** The contract item of the app, when the page has one. */
  serviceId: string | null;
  onActivated: (answer: ContentAppResponse) => void;
};

/**
 * spec §4 Activation, §5: the e-mail (for watch, watchbr and oletv), the full name and the platform are
 * sent, then the app is activated. Without a phone in the ERP the button stays disabled and says why.
 */
export function ActivationForm({ details, form, contractId, serviceId, onActivated }: Props) {
  const snackbar = useSnackbar();
  const activate = useActivateApp();
  const [email, setEmail] = useState(form.email);
  const [emailError, setEmailError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = activationEmailError(form.platform, form.asksEmail ? email : null);
    if (missing) return setEmailError(missing);
    const body = contentAppBody.safeParse({
      contractId,
      customerAppId: details.id,
      appId: serviceId,
      platform: form.platform,
      customerName: details.customer.full_name,
      customerEmail: form.asksEmail ? email : null,
    });
    if (!body.success) {
      const issue = body.error.issues[0];
      if (issue?.path[0] === 'customerEmail') return setEmailError(issue.message);
      return snackbar.error(issue?.message ?? messages.appActivationFailed);
    }
    setEmailError(null);
    activate.mutate(body.data, {
      onSuccess: onActivated,
      onError: (error) => {
        const message = appErrorMessage(error, messages.appActivationFailed);
        if (!message) return;
        if (isEmailProblem(error)) setEmailError(message);
        else snackbar.error(message);
      },
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label={`Ativar ${details.name}`}>
      {form.notice && <Alert severity="warning">{form.notice}</Alert>}
      {form.asksEmail && (
        <TextField
          id="activation-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError !== null}
          helperText={emailError ?? 'O e-mail com que você vai entrar no aplicativo.'}
          slotProps={{ htmlInput: { 'aria-required': true, maxLength: 200 } }}
        />
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={form.disabled}
        loading={activate.isPending}
        sx={{ alignSelf: { sm: 'flex-start' } }}
      >
        Ativar aplicativo
      </Button>
    </Stack>
  );
}

const isEmailProblem = (error: unknown) =>
  isApiError(error, 'APP_EMAIL_IN_USE') ||
  isApiError(error, 'APP_EMAIL_LINKED') ||
  (isApiError(error, 'VALIDATION') && error.issues?.some((issue) => issue.path === 'customerEmail'));
