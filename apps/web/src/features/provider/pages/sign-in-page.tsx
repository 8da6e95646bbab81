import { providerSignInBody } from '@central/domain';
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
import { providerSignInError, useProviderSignIn } from '../api';

const TITLE = 'Acesso do provedor';

/** spec §2.4 /admin: the provider signs in with its user (the client id) and password. */
export function ProviderSignInPage() {
  const navigate = useNavigate();
  const signIn = useProviderSignIn();
  const form = useForm({
    resolver: zodResolver(providerSignInBody),
    defaultValues: { client_id: '', password: '' },
  });
  const { errors } = form.formState;
  // spec §8: one text for either field left blank.
  const missing = errors.client_id?.message ?? errors.password?.message;

  const onSubmit = form.handleSubmit(
    (body) => signIn.mutate(body, { onSuccess: () => navigate(paths.provider, { replace: true }) }),
    () => signIn.reset(),
  );

  const { ref: userRef, ...user } = form.register('client_id');
  const { ref: passwordRef, ...password } = form.register('password');

  return (
    <BackOfficeAuthLayout title={TITLE} subtitle="Entre com o usuário e a senha do seu provedor.">
      <PageTitle>{TITLE}</PageTitle>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        {missing && !signIn.isError && <Alert severity="error">{missing}</Alert>}
        {signIn.isError && <Alert severity="error">{providerSignInError(signIn.error)}</Alert>}
        <TextField
          id="provider-user"
          label="Usuário"
          autoComplete="username"
          autoFocus
          {...user}
          inputRef={userRef}
          error={Boolean(errors.client_id)}
          slotProps={{ htmlInput: { 'aria-required': true, autoCapitalize: 'none', spellCheck: false } }}
        />
        <PasswordField
          id="provider-password"
          label="Senha"
          autoComplete="current-password"
          {...password}
          inputRef={passwordRef}
          error={Boolean(errors.password)}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending}>
          Entrar
        </Button>
      </Stack>
    </BackOfficeAuthLayout>
  );
}
