import { maskCpfOrCnpj, signInBody } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormCpfCnpjField } from '@/shared/components/cpf-cnpj-field';
import { isApiError } from '@/shared/http';
import { AuthLayout } from '@/shared/layouts/auth-layout';
import { useNotice } from '@/shared/notice';
import * as paths from '@/shared/paths';
import { useSignIn } from '../api';

const formSchema = signInBody.pick({ cpfOrCnpj: true });
const FIRST_ACCESS = paths.recoveryUrl(paths.recovery.cpfCnpj, true);
/** These answers mean the customer has no password yet: point them to 'Primeiro acesso'. */
const NEEDS_FIRST_ACCESS = new Set(['CUSTOMER_NOT_FOUND', 'CREDENTIAL_NOT_SET']);

export function SignInPage() {
  const navigate = useNavigate();
  const notice = useNotice();
  const signIn = useSignIn();
  const form = useForm({ resolver: zodResolver(formSchema), defaultValues: { cpfOrCnpj: '' } });

  const onSubmit = form.handleSubmit(
    ({ cpfOrCnpj }) =>
      signIn.mutate(
        { cpfOrCnpj },
        {
          onSuccess: (result) => {
            if (result.step === 'done') navigate(paths.panel, { replace: true });
            else navigate(paths.signInPassword, { state: { cpfOrCnpj: maskCpfOrCnpj(cpfOrCnpj) } });
          },
          onError: (error) => {
            if (isApiError(error, 'VALIDATION')) form.setError('cpfOrCnpj', { message: error.message });
          },
        },
      ),
    // A new attempt that fails the form's own checks hides the previous answer's error.
    () => signIn.reset(),
  );

  const error = signIn.error;
  const showError = error && !isApiError(error, 'VALIDATION');

  return (
    <AuthLayout page="Entrar">
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        {notice && !signIn.isError && <Alert severity="warning">{notice}</Alert>}
        {showError &&
          (isApiError(error) && NEEDS_FIRST_ACCESS.has(error.code) ? (
            <Alert severity="info">
              {error.message}
              <Button
                component={RouterLink}
                to={FIRST_ACCESS}
                variant="outlined"
                size="small"
                color="info"
                sx={{ display: 'flex', mt: 1.5, width: 'fit-content' }}
              >
                Primeiro acesso
              </Button>
            </Alert>
          ) : (
            <Alert severity="error">{error.message}</Alert>
          ))}
        <FormCpfCnpjField control={form.control} name="cpfOrCnpj" />
        <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending}>
          Continuar
        </Button>
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'space-between', '& > a': { whiteSpace: 'nowrap' } }}
        >
          <Button component={RouterLink} to={paths.recovery.cpfCnpj}>
            Recuperar senha
          </Button>
          <Button component={RouterLink} to={FIRST_ACCESS}>
            Primeiro acesso
          </Button>
        </Stack>
        <Typography variant="body2" align="center" color="text.secondary" sx={{ pt: 1 }}>
          Ao entrar, você concorda com os{' '}
          <Link component={RouterLink} to={paths.terms}>
            Termos de Uso e Política de Privacidade
          </Link>
          .
        </Typography>
      </Stack>
    </AuthLayout>
  );
}
