import { signInPasswordBody } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { isApiError } from '@/shared/http';
import { AuthLayout } from '@/shared/layouts/auth-layout';
import type { NoticeState } from '@/shared/notice';
import * as paths from '@/shared/paths';
import { useSignInPassword } from '../api';

export type SignInPasswordState = { cpfOrCnpj?: string } | null;

export function SignInPasswordPage() {
  const navigate = useNavigate();
  const cpfOrCnpj = (useLocation().state as SignInPasswordState)?.cpfOrCnpj;
  const [visible, setVisible] = useState(false);
  const signIn = useSignInPassword();
  const form = useForm({ resolver: zodResolver(signInPasswordBody), defaultValues: { password: '' } });
  const passwordError = form.formState.errors.password?.message;
  const { ref: passwordRef, ...passwordField } = form.register('password');

  const onSubmit = form.handleSubmit((body) =>
    signIn.mutate(body, {
      onSuccess: () => navigate(paths.panel, { replace: true }),
      onError: (error) => {
        // The first step is kept for a few minutes only: start again from the CPF/CNPJ.
        if (isApiError(error, 'SIGN_IN_STEP_EXPIRED')) {
          navigate(paths.signIn, { replace: true, state: { notice: error.message } satisfies NoticeState });
        } else if (isApiError(error, 'VALIDATION')) {
          form.setError('password', { message: error.message });
        } else {
          form.setFocus('password');
        }
      },
    }),
  );

  const error = signIn.error;
  const showError = error && !isApiError(error, 'VALIDATION') && !isApiError(error, 'SIGN_IN_STEP_EXPIRED');

  return (
    <AuthLayout page="Entrar">
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        {cpfOrCnpj && (
          <Typography align="center" color="text.secondary">
            Acessando com o CPF/CNPJ{' '}
            <Typography
              component="strong"
              sx={{ fontWeight: 600, color: 'text.primary', whiteSpace: 'nowrap' }}
            >
              {cpfOrCnpj}
            </Typography>
          </Typography>
        )}
        {showError && <Alert severity="error">{error.message}</Alert>}
        <TextField
          id="password"
          label="Senha"
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          autoFocus
          {...passwordField}
          inputRef={passwordRef}
          error={Boolean(passwordError)}
          helperText={passwordError}
          slotProps={{
            htmlInput: { 'aria-required': true },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    edge="end"
                    aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
                    onClick={() => setVisible((v) => !v)}
                  >
                    {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending}>
          Entrar
        </Button>
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'space-between', '& > a': { whiteSpace: 'nowrap' } }}
        >
          <Button component={RouterLink} to={paths.signIn}>
            Voltar
          </Button>
          <Button component={RouterLink} to={paths.recovery.cpfCnpj}>
            Recuperar senha
          </Button>
        </Stack>
      </Stack>
    </AuthLayout>
  );
}
