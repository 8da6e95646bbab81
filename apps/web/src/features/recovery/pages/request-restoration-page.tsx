import { checkCpfCnpjBody } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormCpfCnpjField } from '@/shared/components/form-text-field';
import { isApiError } from '@/shared/http';
import { AuthLayout } from '@/shared/layouts/auth-layout';
import { useNotice } from '@/shared/notice';
import * as paths from '@/shared/paths';
import { useCheckCpfCnpj } from '../api';
import { BackLink } from '../components/back-link';
import { flowTitle, RECOVERY_STEPS, useFirstAccess } from '../flow';
import { saveRecoveryState } from '../state';

const formSchema = checkCpfCnpjBody.pick({ cpfCnpj: true });

/** spec §2.1 /request-password-restoration: step 1, the CPF/CNPJ; `?first_access=true` for a new password. */
export function RequestRestorationPage() {
  const navigate = useNavigate();
  const notice = useNotice();
  const firstAccess = useFirstAccess();
  const check = useCheckCpfCnpj();
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: { cpfCnpj: '' } });

  const onSubmit = form.handleSubmit(
    ({ cpfCnpj }) =>
      check.mutate(
        { cpfCnpj, firstAccess },
        {
          onSuccess: async () => {
            await saveRecoveryState({ firstAccess, maskedEmail: null, emailExpiresAt: null });
            navigate(paths.recoveryUrl(paths.recovery.email, firstAccess));
          },
          onError: (error) => {
            if (isApiError(error, 'VALIDATION')) form.setError('cpfCnpj', { message: error.message });
            else form.setFocus('cpfCnpj');
          },
        },
      ),
    // A new attempt that fails the form's own checks hides the previous answer's error.
    () => check.reset(),
  );

  const error = check.error;
  const showError = error && !isApiError(error, 'VALIDATION');

  return (
    <AuthLayout title={flowTitle(firstAccess)} step={{ current: 1, total: RECOVERY_STEPS }}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        <Typography align="center" color="text.secondary">
          {firstAccess
            ? 'Informe o seu CPF/CNPJ para criar a sua senha de acesso.'
            : 'Informe o seu CPF/CNPJ para receber um código de verificação no seu e-mail.'}
        </Typography>
        {notice && !check.isError && <Alert severity="warning">{notice}</Alert>}
        {showError && <Alert severity="error">{error.message}</Alert>}
        <FormCpfCnpjField control={form.control} name="cpfCnpj" />
        <Button type="submit" variant="contained" size="large" fullWidth loading={check.isPending}>
          Continuar
        </Button>
        <BackLink to={paths.signIn} />
      </Stack>
    </AuthLayout>
  );
}
