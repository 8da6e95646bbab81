import {
  type AppDetails,
  type AppDetailView,
  appDetailView,
  appsDisabledForOpenInvoices,
  type ContentAppResponse,
  messages,
} from '@central/domain';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import * as paths from '@/shared/paths';
import { appDetailsQuery } from '../api';
import { ActivationForm } from '../components/activation-form';
import { AppImage } from '../components/app-image';
import { CloudBoxUsers } from '../components/cloud-box-users';
import { LoginOnce } from '../components/login-once';
import { AppStatusChip } from '../components/status-chip';
import { StoreLinks } from '../components/store-links';

type Place = { appId: string; contractId: string; serviceId: string | null };

const Text = ({ children }: { children: ReactNode }) => (
  <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{children}</Typography>
);

function Congratulations({ details }: { details: AppDetails }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'success.dark' }}>
      <CheckCircleOutline aria-hidden />
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Parabéns! Seu {details.name} está ativo.
      </Typography>
    </Box>
  );
}

function ViewContent({
  view,
  details,
  place,
  onActivated,
}: {
  view: AppDetailView;
  details: AppDetails;
  place: Place;
  onActivated: (answer: ContentAppResponse) => void;
}) {
  const stores = (
    <StoreLinks name={details.name} appStore={details.app_store_link} playStore={details.play_store_link} />
  );
  switch (view.view) {
    case 'book_active':
      return (
        <>
          <Congratulations details={details} />
          <Text>{details.active_text}</Text>
          {stores}
        </>
      );
    case 'book_inactive':
      return (
        <>
          <Text>{details.pending_text}</Text>
          <Button
            component={RouterLink}
            to={paths.tocaLivros(place.contractId, place.appId)}
            variant="contained"
            size="large"
            endIcon={<ChevronRight />}
            sx={{ alignSelf: { sm: 'flex-start' } }}
          >
            Ativar {details.name}
          </Button>
        </>
      );
    case 'cloud_box':
      return <Text>{details.is_active ? details.active_text : details.pending_text}</Text>;
    case 'static_catalogue':
      return view.entries.length === 0 ? (
        <Text>{details.pending_text}</Text>
      ) : (
        <>
          <Text>{details.active_text}</Text>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Serviços incluídos no seu plano
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
            {view.entries.map((entry) => (
              <li key={entry.key}>
                <Typography>{entry.name}</Typography>
              </li>
            ))}
          </Box>
        </>
      );
    case 'active': {
      const login = details.integration?.login ?? details.platform?.login ?? null;
      return (
        <>
          <Congratulations details={details} />
          <Text>{details.active_text}</Text>
          {login && (
            <Typography>
              Seu login: <strong style={{ overflowWrap: 'anywhere' }}>{login}</strong>
            </Typography>
          )}
          {stores}
          {details.integration_method === 'ole_tv' && (
            <Button
              component={RouterLink}
              to={paths.oleTvApp(place.contractId, place.appId)}
              endIcon={<ChevronRight />}
              sx={{ alignSelf: 'flex-start', ml: -1 }}
            >
              Gerenciar {details.name}
            </Button>
          )}
        </>
      );
    }
    case 'activation_form':
      return (
        <>
          <Text>{details.pending_text}</Text>
          {stores}
          <ActivationForm
            details={details}
            form={view.form}
            contractId={place.contractId}
            serviceId={place.serviceId}
            onActivated={onActivated}
          />
        </>
      );
    case 'pending':
      return (
        <>
          <Alert severity="warning">{view.notice}</Alert>
          <Text>{details.pending_text}</Text>
        </>
      );
  }
}

const statusOf = (details: AppDetails) =>
  !details.is_online &&
  details.integration_method !== 'api_atp_box' &&
  details.integration_method !== 'api_toca_livros'
    ? 'disabled'
    : details.is_active
      ? 'active'
      : 'pending';

/**
 * spec §2.2 /panel/app/{customerAppId}/{contractId}[/{cloudServiceId}] (and /panel/app/watchbr/{contract_id}/{app_id}),
 * §2.3: the app's details and the view `appDetailView` picks for them.
 */
export function AppDetailPage() {
  const params = useParams();
  const place: Place = {
    appId: params.customerAppId ?? params.app_id ?? '',
    contractId: params.contractId ?? params.contract_id ?? '',
    serviceId: params.cloudServiceId ?? null,
  };
  const details = useQuery(appDetailsQuery(place.appId, place.contractId, place.serviceId));
  // The activation's answer: its message, and a login_sva login shown this once.
  const [activation, setActivation] = useState<ContentAppResponse | null>(null);

  let content: ReactNode;
  if (details.data) {
    const d = details.data;
    const view = appDetailView({
      app: {
        integration_method: d.integration_method,
        is_active: d.is_active,
        is_online: d.is_online,
        product_ids: d.product_ids,
        platform: d.platform?.name ?? null,
      },
      customer: d.customer,
      contract: { productIds: d.contract_product_ids },
      staticCatalogue: d.static_catalogue,
    });
    content = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {appsDisabledForOpenInvoices(d.app) && (
          <Alert severity="warning">{messages.appsDisabledOpenInvoices}</Alert>
        )}
        {activation && (
          <Alert severity={activation.active ? 'success' : 'info'} role="status">
            {activation.message}
          </Alert>
        )}
        {activation?.login && (
          <LoginOnce login={activation.login.login} password={activation.login.password} />
        )}
        <Card component="section" aria-label={d.name}>
          <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
              <AppImage src={d.image} size={64} />
              <Box sx={{ minWidth: 0 }}>
                {d.title && (
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{d.title}</Typography>
                )}
                <AppStatusChip status={statusOf(d)} />
              </Box>
            </Box>
            {/* `description` is the active or pending text, which each view places itself */}
            <ViewContent view={view} details={d} place={place} onActivated={setActivation} />
          </Box>
        </Card>
        {view.view === 'cloud_box' && (
          <CloudBoxUsers
            place={{ appId: place.appId, contractId: place.contractId, cloudServiceId: place.serviceId }}
            groupId={d.atp_box_group}
          />
        )}
      </Box>
    );
  } else if (details.isError) {
    content = (
      <ErrorState
        message={messages.appDetailsFailed}
        onRetry={() => details.refetch()}
        retrying={details.isFetching}
      />
    );
  } else {
    content = <CardListSkeleton count={1} />;
  }

  const name = details.data?.name ?? 'Aplicativo';
  return (
    <>
      <PageTitle>{name}</PageTitle>
      <PageHeader title={name} back={{ to: paths.panel, label: 'Início' }} />
      {content}
    </>
  );
}
