import { messages } from '@central/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import * as paths from '@/shared/paths';
import { tenantQuery } from '../api';
import { AuditTrail } from '../components/audit-trail';
import { ProviderPasswordCard } from '../components/provider-password-card';
import { SuspendButton } from '../components/suspend-button';
import { SuspendedChip } from '../components/suspended-chip';
import { TenantAppsPanel } from '../components/tenant-apps-panel';
import { TenantForm } from '../components/tenant-form';

const back = { to: paths.admCustomers, label: 'Clientes' };

/** spec §2.4 /adm/customer/new ('Novo Cliente'). */
export function NewTenantPage() {
  const title = 'Novo Cliente';
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <PageHeader title={title} subtitle="Cadastre um provedor e o seu portal." back={back} />
      <TenantForm />
    </>
  );
}

/** spec §2.4 /adm/customer/{clientId}/edit: the form, its apps, the provider's password and the history. */
export function EditTenantPage() {
  const title = 'Editar Cliente';
  const clientId = useParams().clientId ?? '';
  const tenant = useQuery(tenantQuery(clientId));

  // A failed background refetch keeps the form: only a first load that fails shows the error.
  const data = tenant.data;
  if (!data) {
    return (
      <>
        <PageTitle>{title}</PageTitle>
        <PageHeader title={title} back={back} />
        {tenant.isError ? (
          <ErrorState
            message={messages.tenantGetFailed}
            onRetry={() => tenant.refetch()}
            retrying={tenant.isFetching}
          />
        ) : (
          <CardListSkeleton />
        )}
      </>
    );
  }

  return (
    <>
      <PageTitle>{title}</PageTitle>
      <PageHeader
        title={title}
        back={back}
        subtitle={
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
          >
            <span>
              {data.alias} ·{' '}
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {data.client_id}
              </Box>
            </span>
            {data.suspended && <SuspendedChip />}
          </Box>
        }
        actions={<SuspendButton tenant={data} />}
      />
      {/* Keyed by client id: another provider's page starts from its own values. */}
      <TenantForm key={data.client_id} tenant={data} apps={<TenantAppsPanel clientId={data.client_id} />} />
      <Stack spacing={2.5} sx={{ mt: 4 }}>
        <ProviderPasswordCard tenant={data} />
        <AuditTrail clientId={data.client_id} />
      </Stack>
    </>
  );
}
