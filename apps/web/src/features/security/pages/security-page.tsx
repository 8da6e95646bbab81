import { messages, panelPasswordForm } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { PageTitle } from '@/shared/components/page-title';
import { PasswordField } from '@/shared/components/password-field';
import { isApiError } from '@/shared/http';
import { useSnackbar } from '@/shared/snackbar';
import { useChangePassword } from '../api';

const emptyForm = { currentPassword: '', newPassword: '', repeatPassword: '' };

/** spec §2.2 /panel/security and §8 'Password change (panel)'. */
export function SecurityPage() {
  const snackbar = useSnackbar();
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(panelPasswordForm), defaultValues: emptyForm });
  const { errors } = form.formState;
  const { ref: currentRef, ...currentField } = form.register('currentPassword');
  const { ref: newRef, ...newField } = form.register('newPassword');
  const { ref: repeatRef, ...repeatField } = form.register('repeatPassword');

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          snackbar.success(messages.passwordUpdated);
          form.reset(emptyForm);
        },
        onError: (error) => {
          if (isApiError(error, 'INVALID_CURRENT_PASSWORD')) {
            form.setError('currentPassword', { message: error.message }, { shouldFocus: true });
          } else if (isApiError(error, 'RATE_LIMITED')) {
            snackbar.error(error.message);
          } else if (!isApiError(error, 'NOT_AUTHENTICATED')) {
            // The session's end is handled for the whole app (back to /).
            snackbar.error(messages.generic);
          }
        },
      },
    ),
  );

  return (
    <>
      <PageTitle>Minha Senha</PageTitle>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 1 }}>
        Minha Senha
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 560 }}>
        Para a sua segurança, ao atualizar a senha as suas sessões em outros aparelhos serão encerradas.
      </Typography>
      <Card sx={{ maxWidth: 560 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
            <PasswordField
              id="currentPassword"
              label="Senha atual"
              what="a senha atual"
              autoComplete="current-password"
              {...currentField}
              inputRef={currentRef}
              error={Boolean(errors.currentPassword)}
              helperText={errors.currentPassword?.message}
            />
            <PasswordField
              id="newPassword"
              label="Nova senha"
              what="a nova senha"
              autoComplete="new-password"
              {...newField}
              inputRef={newRef}
              error={Boolean(errors.newPassword)}
              helperText={errors.newPassword?.message ?? 'De 6 a 30 caracteres.'}
            />
            <PasswordField
              id="repeatPassword"
              label="Repita a nova senha"
              what="a senha repetida"
              autoComplete="new-password"
              {...repeatField}
              inputRef={repeatRef}
              error={Boolean(errors.repeatPassword)}
              helperText={errors.repeatPassword?.message}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={change.isPending}
              sx={{ alignSelf: { sm: 'flex-start' } }}
            >
              Atualizar senha
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
