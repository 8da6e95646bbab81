import { messages, type ProtectedEmails, sendVerificationCodeBody } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isApiError } from '@/shared/http';
import { AuthLayout } from '@/shared/layouts/auth-layout';
import { type NoticeState, useNotice } from '@/shared/notice';
import * as paths from '@/shared/paths';
import { useProtectedEmails, useSendVerificationCode } from '../api';
import { BackLink } from '../components/back-link';
import { StepGate } from '../components/step-gate';
import { flowTitle, RECOVERY_STEPS, useFirstAccess } from '../flow';
import { EMAIL_TTL_MS, saveRecoveryState, useRecoveryState } from '../state';

const LEGEND_ID = 'mail-choice-legend';
const HELPER_ID = 'mail-choice-helper';

function EmailChoice({ emails, firstAccess }: { emails: ProtectedEmails['emails']; firstAccess: boolean }) {
  const navigate = useNavigate();
  const notice = useNotice();
  const send = useSendVerificationCode();
  const form = useForm({
    resolver: zodResolver(sendVerificationCodeBody),
    defaultValues: { mailIndex: undefined },
  });

  const onSubmit = form.handleSubmit(
    ({ mailIndex }) =>
      send.mutate(
        { mailIndex },
        {
          onSuccess: async (sent) => {
            await saveRecoveryState({
              firstAccess,
              maskedEmail: sent.email,
              emailExpiresAt: Date.now() + EMAIL_TTL_MS,
            });
            navigate(paths.recoveryUrl(paths.recovery.code, firstAccess));
          },
          onError: (error) => {
            if (isApiError(error, 'RECOVERY_STEP_INVALID')) {
              navigate(paths.recoveryUrl(paths.recovery.cpfCnpj, firstAccess), {
                replace: true,
                state: { notice: error.message } satisfies NoticeState,
              });
            } else if (isApiError(error, 'VALIDATION')) {
              form.setError('mailIndex', { message: error.message }, { shouldFocus: true });
            }
          },
        },
      ),
    // A new attempt that fails the form's own checks hides the previous answer's error.
    () => send.reset(),
  );

  if (emails.length === 0) return <Alert severity="error">{messages.noEmail}</Alert>;

  const error = send.error;
  const showError = error && !isApiError(error, 'VALIDATION') && !isApiError(error, 'RECOVERY_STEP_INVALID');

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      {notice && !send.isError && <Alert severity="warning">{notice}</Alert>}
      {showError && <Alert severity="error">{error.message}</Alert>}
      <Controller
        name="mailIndex"
        control={form.control}
        render={({ field, fieldState }) => (
          <FormControl component="fieldset" error={fieldState.invalid}>
            <FormLabel id={LEGEND_ID} component="legend" sx={{ mb: 1, color: 'text.primary' }}>
              Escolha o e-mail que vai receber o código
            </FormLabel>
            <RadioGroup
              name={field.name}
              aria-labelledby={LEGEND_ID}
              aria-describedby={fieldState.invalid ? HELPER_ID : undefined}
              aria-required
              value={field.value === undefined ? '' : String(field.value)}
              onChange={(_event, value) => field.onChange(Number(value))}
              onBlur={field.onBlur}
              sx={{ gap: 1 }}
            >
              {emails.map((email, position) => (
                <FormControlLabel
                  key={email.index}
                  value={String(email.index)}
                  control={
                    <Radio inputRef={position === 0 ? field.ref : undefined} autoFocus={position === 0} />
                  }
                  label={email.email}
                  sx={(theme) => ({
                    m: 0,
                    pr: 2,
                    border: 1,
                    borderColor: field.value === email.index ? 'primary.main' : 'divider',
                    borderRadius: 1,
                    overflowWrap: 'anywhere',
                    bgcolor: field.value === email.index ? theme.palette.action.selected : undefined,
                  })}
                />
              ))}
            </RadioGroup>
            {fieldState.error && <FormHelperText id={HELPER_ID}>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        )}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={send.isPending}>
        Enviar código
      </Button>
    </Stack>
  );
}

/** spec §2.1 /send-password-restoration-request: step 2, one of the customer's e-mails gets a code. */
export function SendRestorationRequestPage() {
  const { data: state } = useRecoveryState();
  const firstAccess = useFirstAccess(state);
  const emails = useProtectedEmails();

  return (
    <AuthLayout title={flowTitle(firstAccess)} step={{ current: 2, total: RECOVERY_STEPS }}>
      <Stack spacing={2}>
        <StepGate
          check={emails}
          backTo={paths.recoveryUrl(paths.recovery.cpfCnpj, firstAccess)}
          notice={messages.notAuthenticated}
        >
          {emails.data && <EmailChoice emails={emails.data.emails} firstAccess={firstAccess} />}
        </StepGate>
        <BackLink to={paths.recoveryUrl(paths.recovery.cpfCnpj, firstAccess)} />
      </Stack>
    </AuthLayout>
  );
}
