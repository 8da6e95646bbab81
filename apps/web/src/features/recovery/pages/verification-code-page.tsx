import { checkVerificationCodeBody, formatVerificationCode, messages } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MaskedTextField } from '@/shared/components/masked-text-field';
import { isApiError } from '@/shared/http';
import { AuthLayout } from '@/shared/layouts/auth-layout';
import { type NoticeState, useNotice } from '@/shared/notice';
import * as paths from '@/shared/paths';
import { useCheckVerificationCode, useStepCheck } from '../api';
import { BackLink } from '../components/back-link';
import { StepGate } from '../components/step-gate';
import { flowTitle, RECOVERY_STEPS, useFirstAccess } from '../flow';
import { useRecoveryState } from '../state';

/** spec §9: a code is valid for 10 minutes. */
const CODE_VALID_MINUTES = 10;
/** These answers void the code: only a new one helps. */
const NEEDS_NEW_CODE = new Set(['CODE_EXPIRED', 'CODE_LOCKED']);

function CodeForm({ maskedEmail, firstAccess }: { maskedEmail: string | null; firstAccess: boolean }) {
  const navigate = useNavigate();
  const notice = useNotice();
  const verify = useCheckVerificationCode();
  const resendRef = useRef<HTMLButtonElement>(null);
  const form = useForm({
    resolver: zodResolver(checkVerificationCodeBody),
    defaultValues: { verificationCode: '' },
  });
  const emailPage = paths.recoveryUrl(paths.recovery.email, firstAccess);

  const error = verify.error;
  const needsNewCode = isApiError(error) && NEEDS_NEW_CODE.has(error.code);

  useEffect(() => {
    if (needsNewCode) resendRef.current?.focus();
  }, [needsNewCode]);

  const onSubmit = form.handleSubmit(
    ({ verificationCode }) =>
      verify.mutate(
        { verificationCode },
        {
          onSuccess: () =>
            navigate(paths.recoveryUrl(paths.recovery.password, firstAccess), { replace: true }),
          onError: (err) => {
            if (isApiError(err, 'RECOVERY_STEP_INVALID')) {
              navigate(emailPage, { replace: true, state: { notice: err.message } satisfies NoticeState });
            } else if (isApiError(err, 'VALIDATION')) {
              form.setError('verificationCode', { message: err.message }, { shouldFocus: true });
            } else if (!(isApiError(err) && NEEDS_NEW_CODE.has(err.code))) {
              form.setFocus('verificationCode', { shouldSelect: true });
            }
          },
        },
      ),
    // A new attempt that fails the form's own checks hides the previous answer's error.
    () => verify.reset(),
  );

  const showError = error && !isApiError(error, 'VALIDATION') && !isApiError(error, 'RECOVERY_STEP_INVALID');

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      <Typography align="center" color="text.secondary">
        {maskedEmail ? (
          <>
            Enviamos um código de 9 números para{' '}
            <Typography
              component="strong"
              sx={{ fontWeight: 600, color: 'text.primary', whiteSpace: 'nowrap' }}
            >
              {maskedEmail}
            </Typography>
            . Ele vale por {CODE_VALID_MINUTES} minutos.
          </>
        ) : (
          `Enviamos um código de 9 números para o seu e-mail. Ele vale por ${CODE_VALID_MINUTES} minutos.`
        )}
      </Typography>
      {notice && !verify.isError && <Alert severity="warning">{notice}</Alert>}
      {showError && <Alert severity={needsNewCode ? 'warning' : 'error'}>{error.message}</Alert>}
      <Controller
        name="verificationCode"
        control={form.control}
        render={({ field, fieldState }) => (
          <MaskedTextField
            id="verificationCode"
            label="Código de verificação"
            mask={formatVerificationCode}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              if (verify.isError) verify.reset();
            }}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            autoComplete="one-time-code"
            autoFocus
            placeholder="000-000-000"
            slotProps={{ htmlInput: { 'aria-required': true } }}
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Button
        type="submit"
        variant={needsNewCode ? 'outlined' : 'contained'}
        size="large"
        fullWidth
        loading={verify.isPending}
      >
        Verificar
      </Button>
      <Button
        ref={resendRef}
        variant={needsNewCode ? 'contained' : 'outlined'}
        size="large"
        fullWidth
        onClick={() => navigate(emailPage)}
      >
        Reenviar código
      </Button>
    </Stack>
  );
}

/** spec §2.1 /verification-code: step 3, the 9-digit code sent by e-mail. */
export function VerificationCodePage() {
  const { data: state, isPending: statePending } = useRecoveryState();
  const firstAccess = useFirstAccess(state);
  const check = useStepCheck('code');
  const emailPage = paths.recoveryUrl(paths.recovery.email, firstAccess);

  return (
    <AuthLayout title={flowTitle(firstAccess)} step={{ current: 3, total: RECOVERY_STEPS }}>
      <Stack spacing={2}>
        <StepGate check={check} backTo={emailPage} notice={messages.notAuthenticated}>
          {!statePending && <CodeForm maskedEmail={state?.maskedEmail ?? null} firstAccess={firstAccess} />}
        </StepGate>
        <BackLink to={emailPage} />
      </Stack>
    </AuthLayout>
  );
}
