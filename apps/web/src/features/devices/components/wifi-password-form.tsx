import { type Device, messages, WIFI_PASSWORD_MAX, WIFI_PASSWORD_MIN, type WlanBand } from '@central/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import WifiOutlined from '@mui/icons-material/WifiOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '@/shared/components/password-field';
import { useSnackbar } from '@/shared/snackbar';
import { passwordErrorMessage, useChangeWifiPassword } from '../api';
import { bandLabel, hasPendingChange, ssids } from '../format';
import { type WifiPasswordFormValues, wifiPasswordForm } from '../password-form';
import { PendingChip } from './pending-chip';

const emptyForm: WifiPasswordFormValues = { password: '', confirmation: '' };

/**
 * spec §2.2 /panel/device/{id}: the new password of one band, sent to each of its networks. A router
 * that is offline takes it at its next contact: the page says so and keeps saying it.
 */
export function WifiPasswordForm({ device, band }: { device: Device; band: WlanBand }) {
  const titleId = useId();
  const snackbar = useSnackbar();
  const change = useChangeWifiPassword(device.serialNumber);
  const [pendingNotice, setPendingNotice] = useState(false);
  const form = useForm({ resolver: zodResolver(wifiPasswordForm), defaultValues: emptyForm });
  const { errors } = form.formState;
  const { ref: passwordRef, ...passwordField } = form.register('password');
  const { ref: confirmationRef, ...confirmationField } = form.register('confirmation');
  const entries = device.deviceInfo.wlanData[band];
  const names = ssids(device, band);
  const label = bandLabel[band];
  const id = `wifi-${band.replace('.', '-')}`;

  const onSubmit = form.handleSubmit(({ password }) =>
    change.mutate(
      { band, entries, password },
      {
        onSuccess: (status) => {
          form.reset(emptyForm);
          if (status === 'pending') setPendingNotice(true);
          else snackbar.success(messages.devicePasswordChanged);
        },
        onError: (error) => {
          const message = passwordErrorMessage(error, band);
          if (message) snackbar.error(message);
        },
      },
    ),
  );

  return (
    <Card component="section" aria-labelledby={titleId}>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <WifiOutlined color="primary" aria-hidden />
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {label}
          </Typography>
          {hasPendingChange(device, band) && <PendingChip />}
        </Box>
        {entries.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Este roteador não tem rede nesta frequência.
          </Typography>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {names.length > 1 ? 'Redes' : 'Rede'}:{' '}
              <Box component="strong" sx={{ color: 'text.primary', fontWeight: 600 }}>
                {names.join(', ')}
              </Box>
            </Typography>
            {pendingNotice && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {messages.devicePasswordPending}
              </Alert>
            )}
            <Stack
              component="form"
              aria-labelledby={titleId}
              noValidate
              onSubmit={onSubmit}
              spacing={2}
              sx={{ mt: 2 }}
            >
              <PasswordField
                id={`${id}-password`}
                label="Nova senha"
                what={`a nova senha do ${label}`}
                autoComplete="new-password"
                {...passwordField}
                inputRef={passwordRef}
                error={Boolean(errors.password)}
                helperText={
                  errors.password?.message ?? `De ${WIFI_PASSWORD_MIN} a ${WIFI_PASSWORD_MAX} caracteres.`
                }
              />
              <PasswordField
                id={`${id}-confirmation`}
                label="Confirme a nova senha"
                what={`a confirmação da senha do ${label}`}
                autoComplete="new-password"
                {...confirmationField}
                inputRef={confirmationRef}
                error={Boolean(errors.confirmation)}
                helperText={errors.confirmation?.message}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                loading={change.isPending}
                sx={{ alignSelf: { sm: 'flex-start' } }}
              >
                Alterar senha
              </Button>
            </Stack>
          </>
        )}
      </Box>
    </Card>
  );
}
