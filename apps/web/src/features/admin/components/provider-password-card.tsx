import { messages, providerPasswordBody, type TenantDetails } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { isSessionLost } from '@/shared/back-office';
import { PasswordField } from '@/shared/components/password-field';
import { isApiError } from '@/shared/http';
import * as paths from '@/shared/paths';
import { useSnackbar } from '@/shared/snackbar';
import { useProviderPassword } from '../api';

/** The provider's own sign-in at /admin (spec §2.4): user = client id, this password; saved on its own. */
export function ProviderPasswordCard({ tenant }: { tenant: TenantDetails }) {
  const snackbar = useSnackbar();
  const save = useProviderPassword(tenant.client_id);
  const form = useForm({ resolver: zodResolver(providerPasswordBody), defaultValues: { password: '' } });
  const { ref, ...password } = form.register('password');
  const error = form.formState.errors.password?.message;
  const isSet = tenant.secrets.provider_password;

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        form.reset({ password: '' });
        snackbar.success(messages.providerPasswordSet);
      },
      onError: (failure) => {
        if (isSessionLost(failure)) return;
        const issue = isApiError(failure, 'VALIDATION') ? failure.issues?.[0]?.message : undefined;
        if (issue) form.setError('password', { message: issue }, { shouldFocus: true });
        else snackbar.error('Falha ao salvar a senha do provedor');
      },
    }),
  );

  return (
    <Card component="section" aria-labelledby="provider-password-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <KeyOutlined aria-hidden color="action" />
          <Typography id="provider-password-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            Senha do provedor
          </Typography>
          <Chip
            size="small"
            label={isSet ? 'Definida' : 'Não definida'}
            color={isSet ? 'success' : 'default'}
            variant="outlined"
            sx={{ fontWeight: 600, color: isSet ? 'success.dark' : undefined }}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          O provedor entra em <strong>{paths.providerSignIn}</strong> com o usuário{' '}
          <strong>{tenant.client_id}</strong> e esta senha para enviar notificações gerais aos assinantes.
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{
            mt: 2.5,
            display: 'flex',
            gap: 1.5,
            alignItems: 'flex-start',
            flexWrap: { xs: 'wrap', sm: 'nowrap' },
          }}
        >
          <PasswordField
            id="provider-password"
            label="Nova senha do provedor"
            autoComplete="new-password"
            {...password}
            inputRef={ref}
            error={Boolean(error)}
            helperText={error ?? 'No mínimo 8 caracteres.'}
          />
          <Button
            type="submit"
            variant="contained"
            loading={save.isPending}
            sx={{ flexShrink: 0, mt: { sm: 1 }, width: { xs: '100%', sm: 'auto' } }}
          >
            Salvar senha
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
