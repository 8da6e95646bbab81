import { adminSignInBody } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PageTitle } from '@/shared/components/page-title';
import { PasswordField } from '@/shared/components/password-field';
import { BackOfficeAuthLayout } from '@/shared/layouts/back-office-auth-layout';
import * as paths from '@/shared/paths';
import { adminSignInError, useAdminSignIn } from '../api';

const TITLE = 'Acesso administrativo';

/** spec §2.4 /auth/adm/sign-in: e-mail and password of a staff member. */
export function AdminSignInPage() {
  const navigate = useNavigate();
  const signIn = useAdminSignIn();
  const form = useForm({
    resolver: zodResolver(adminSignInBody),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    (body) => signIn.mutate(body, { onSuccess: () => navigate(paths.admCustomers, { replace: true }) }),
    () => signIn.reset(),
  );

  const { ref: emailRef, ...email } = form.register('email');
  const { ref: passwordRef, ...password } = form.register('password');

  return (
    <BackOfficeAuthLayout title={TITLE} subtitle="Entre com o seu e-mail e a sua senha de administrador.">
      <PageTitle>{TITLE}</PageTitle>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        {signIn.isError && <Alert severity="error">{adminSignInError(signIn.error)}</Alert>}
        <TextField
          id="admin-email"
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
          {...email}
          inputRef={emailRef}
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
          slotProps={{ htmlInput: { 'aria-required': true, autoCapitalize: 'none', spellCheck: false } }}
        />
        <PasswordField
          id="admin-password"
          label="Senha"
          autoComplete="current-password"
          {...password}
          inputRef={passwordRef}
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending}>
          Entrar
        </Button>
      </Stack>
    </BackOfficeAuthLayout>
  );
}
