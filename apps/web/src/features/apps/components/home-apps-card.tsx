import { type AppTile, homeAppTiles, messages } from '@central/domain';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/shared/components/error-state';
import { CardSkeleton } from '@/shared/components/skeletons';
import { customerAppsQuery } from '../list-query';
import { AppImage } from './app-image';
import { AppStatusChip } from './status-chip';
import { StoreLinks } from './store-links';

const TITLE = 'Seus aplicativos';

function Tile({ tile }: { tile: AppTile }) {
  const nameId = useId();
  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        p: 2,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <AppImage src={tile.image} size={48} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography
            id={nameId}
            component="h3"
            sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
          >
            {tile.name}
          </Typography>
          <Box sx={{ mt: 0.5 }}>
            <AppStatusChip status={tile.active ? 'active' : 'pending'} />
          </Box>
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', flexGrow: 1 }}>
        {tile.description}
      </Typography>
      <StoreLinks name={tile.name} appStore={tile.app_store_link} playStore={tile.play_store_link} />
      <Button
        component={RouterLink}
        to={tile.link}
        variant={tile.active ? 'outlined' : 'contained'}
        endIcon={<ChevronRight />}
        aria-label={`${tile.active ? 'Abrir' : 'Ativar'} ${tile.name}`}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      >
        {tile.active ? 'Abrir' : 'Ativar'}
      </Button>
    </Box>
  );
}

/** The apps the card lists, fetched ahead of it (the home's loader). */
export const prefetchHomeAppsData = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(customerAppsQuery());

/**
 * spec §2.2/§2.5 home: the subscriber's apps, those of one merged method (watchbr, playhub,
 * display_only) in one tile; the §4 banner when the partner disabled them. No card without apps.
 */
export function HomeAppsCard() {
  const titleId = useId();
  const apps = useQuery(customerAppsQuery());

  if (apps.isPending) return <CardSkeleton lines={3} label="Carregando aplicativos" />;
  if (!apps.data) {
    return (
      <Card component="section" aria-labelledby={titleId}>
        <CardContent>
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
            {TITLE}
          </Typography>
          <ErrorState
            message={messages.appsLoadFailed}
            onRetry={() => apps.refetch()}
            retrying={apps.isFetching}
          />
        </CardContent>
      </Card>
    );
  }

  const tiles = homeAppTiles(apps.data.apps);
  if (tiles.length === 0) return null;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {TITLE}
        </Typography>
        {apps.data.apps_disabled && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {messages.appsDisabledOpenInvoices}
          </Alert>
        )}
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: 2,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(auto-fill, minmax(240px, 1fr))' },
          }}
        >
          {tiles.map((tile) => (
            <Tile key={tile.key} tile={tile} />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
