import { maskCpfOrCnpj, signInBody } from '@central/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { CpfCnpjField } from '@/shared/components/cpf-cnpj-field';
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
  // The first screen holds one field: plain state instead of react-hook-form keeps 14 KB off the
  // first load (issue 14). The shared contract still judges the value, as in every other form.
  const [cpfOrCnpj, setCpfOrCnpj] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);

  const check = (value: string) => {
    const parsed = formSchema.safeParse({ cpfOrCnpj: value });
    setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success;
  };

  const onChange = (value: string) => {
    setCpfOrCnpj(value);
    // As react-hook-form's forms do: after a first submission, each change is judged again.
    if (submitted) check(value);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    // A new attempt that fails the form's own checks hides the previous answer's error.
    if (!check(cpfOrCnpj)) return signIn.reset();
    signIn.mutate(
      { cpfOrCnpj },
      {
        onSuccess: (result) => {
          if (result.step === 'done') navigate(paths.panel, { replace: true });
          else navigate(paths.signInPassword, { state: { cpfOrCnpj: maskCpfOrCnpj(cpfOrCnpj) } });
        },
        onError: (error) => {
          if (isApiError(error, 'VALIDATION')) setFieldError(error.message);
        },
      },
    );
  };

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
        <CpfCnpjField
          id="cpfOrCnpj"
          name="cpfOrCnpj"
          value={cpfOrCnpj}
          onChange={onChange}
          autoFocus
          error={fieldError !== undefined}
          helperText={fieldError}
        />
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
