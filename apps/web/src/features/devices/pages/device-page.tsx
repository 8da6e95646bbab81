import { messages, wlanBands } from '@central/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '@/shared/components/error-state';
import { OnlineChip } from '@/shared/components/online-chip';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import { isApiError } from '@/shared/http';
import * as paths from '@/shared/paths';
import { deviceQuery } from '../api';
import { DeviceField } from '../components/device-field';
import { WifiPasswordForm } from '../components/wifi-password-form';
import { deviceName, formatInstant } from '../format';

const TITLE = 'Detalhes do Dispositivo';

/** spec §2.2 /panel/device/{device_id}: the router and one Wi-Fi password form per band. */
export function DevicePage() {
  const serial = useParams().serial ?? '';
  const device = useQuery(deviceQuery(serial));

  let content: ReactNode;
  if (device.isPending) {
    content = <CardListSkeleton count={2} />;
  } else if (device.isError) {
    const notFound = isApiError(device.error, 'DEVICE_NOT_FOUND');
    content = (
      <ErrorState
        message={notFound ? messages.deviceNotFound : messages.deviceFailed}
        onRetry={notFound ? undefined : () => device.refetch()}
        retrying={device.isFetching}
      />
    );
  } else {
    const { deviceInfo } = device.data;
    const lastSeen = formatInstant(device.data.last_inform);
    content = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Card component="section" aria-label="Roteador">
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gap: 2,
              m: 0,
              p: { xs: 2, sm: 3 },
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, auto)' },
            }}
          >
            <DeviceField label="Fabricante">{deviceInfo.manufacturer || '—'}</DeviceField>
            <DeviceField label="Modelo">{deviceInfo.model || '—'}</DeviceField>
            <DeviceField label="Login PPPoE">{deviceInfo.pppLogin || '—'}</DeviceField>
            <DeviceField label="Situação">
              <OnlineChip online={device.data.online} />
              {!device.data.online && lastSeen && (
                <Box
                  component="span"
                  sx={{ display: 'block', mt: 0.5, fontWeight: 400, fontSize: '0.875rem' }}
                >
                  Última conexão em {lastSeen}
                </Box>
              )}
            </DeviceField>
          </Box>
        </Card>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            alignItems: 'start',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {wlanBands.map((band) => (
            <WifiPasswordForm key={band} device={device.data} band={band} />
          ))}
        </Box>
      </Box>
    );
  }

  return (
    <>
      <PageTitle>{TITLE}</PageTitle>
      <PageHeader
        title={TITLE}
        subtitle={
          device.data ? `${deviceName(device.data)} · Nº de série ${device.data.serialNumber}` : undefined
        }
        back={{ to: paths.devices, label: 'Seus Dispositivos' }}
      />
      {content}
    </>
  );
}
