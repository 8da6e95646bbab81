import { messages } from '@central/domain';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '@/shared/components/empty-state';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import { devicesQuery } from '../api';
import { DeviceCard } from '../components/device-card';

const TITLE = 'Seus Dispositivos';

/** spec §2.2 /panel/devices: the routers of the subscriber's connections. */
export function DevicesPage() {
  const devices = useQuery(devicesQuery());

  let content: ReactNode;
  if (devices.isPending) {
    content = <CardListSkeleton />;
  } else if (devices.isError) {
    content = (
      <ErrorState
        message={messages.devicesFailed}
        onRetry={() => devices.refetch()}
        retrying={devices.isFetching}
      />
    );
  } else if (devices.data.length === 0) {
    content = (
      <EmptyState
        icon={<RouterOutlined />}
        message="Nenhum dispositivo encontrado."
        detail="O roteador da sua conexão aparece aqui assim que ele se conectar ao seu provedor."
      />
    );
  } else {
    content = (
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {devices.data.map((device) => (
          <DeviceCard key={device.serialNumber} device={device} />
        ))}
      </Box>
    );
  }

  return (
    <>
      <PageTitle>{TITLE}</PageTitle>
      <PageHeader title={TITLE} subtitle="Os roteadores da sua conexão e as suas redes Wi-Fi." />
      {content}
    </>
  );
}
