import { messages, recoveryPasswordForm } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PasswordField } from '@/shared/components/password-field';
import { isApiError } from '@/shared/http';
import { AuthLayout } from '@/shared/layouts/auth-layout';
import type { NoticeState } from '@/shared/notice';
import * as paths from '@/shared/paths';
import { useSetPassword, useStepCheck } from '../api';
import { StepGate } from '../components/step-gate';
import { flowTitle, RECOVERY_STEPS, useFirstAccess } from '../flow';
import { clearRecoveryState, useRecoveryState } from '../state';

function NewPasswordForm({ firstAccess }: { firstAccess: boolean }) {
  const navigate = useNavigate();
  const save = useSetPassword();
  const form = useForm({
    resolver: zodResolver(recoveryPasswordForm),
    defaultValues: { newPassword: '', confirmNewPassword: '' },
  });
  const { errors } = form.formState;
  const { ref: newRef, ...newField } = form.register('newPassword');
  const { ref: confirmRef, ...confirmField } = form.register('confirmNewPassword');

  // spec §2.1: token failures go back to / (its sign-in page, which shows why).
  const authFailed = useCallback(
    () =>
      navigate(paths.signIn, { replace: true, state: { notice: messages.authFailed } satisfies NoticeState }),
    [navigate],
  );

  const onSubmit = form.handleSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: async () => {
          await clearRecoveryState();
          navigate(paths.recoveryUrl(paths.recovery.done, firstAccess), { replace: true });
        },
        onError: (error) => {
          if (isApiError(error, 'RECOVERY_STEP_INVALID')) authFailed();
          else form.setFocus('newPassword');
        },
      }),
    // A new attempt that fails the form's own checks hides the previous answer's error.
    () => save.reset(),
  );

  const error = save.error;
  // spec §8: the server's length message as it is; anything else is a failed change.
  const errorText = isApiError(error, 'VALIDATION') ? error.message : messages.changePasswordFailed;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      <Typography align="center" color="text.secondary">
        {firstAccess
          ? 'Crie a sua senha de acesso, com 6 a 30 caracteres.'
          : 'Crie uma nova senha, com 6 a 30 caracteres.'}
      </Typography>
      {error && !isApiError(error, 'RECOVERY_STEP_INVALID') && <Alert severity="error">{errorText}</Alert>}
      <PasswordField
        id="newPassword"
        label="Nova senha"
        what="a nova senha"
        autoComplete="new-password"
        autoFocus
        {...newField}
        inputRef={newRef}
        error={Boolean(errors.newPassword)}
        helperText={errors.newPassword?.message}
      />
      <PasswordField
        id="confirmNewPassword"
        label="Repita a nova senha"
        what="a senha repetida"
        autoComplete="new-password"
        {...confirmField}
        inputRef={confirmRef}
        error={Boolean(errors.confirmNewPassword)}
        helperText={errors.confirmNewPassword?.message}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={save.isPending}>
        Salvar senha
      </Button>
    </Stack>
  );
}

/** spec §2.1 /change-password: step 4, the new password (after a verified code). */
export function ChangePasswordPage() {
  const { data: state } = useRecoveryState();
  const firstAccess = useFirstAccess(state);
  const check = useStepCheck('password');

  return (
    <AuthLayout title={flowTitle(firstAccess)} step={{ current: 4, total: RECOVERY_STEPS }}>
      <StepGate check={check} backTo={paths.signIn} notice={messages.authFailed}>
        <NewPasswordForm firstAccess={firstAccess} />
      </StepGate>
    </AuthLayout>
  );
}
