import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { QueryClient } from '@tanstack/react-query';
import { HomeApps, prefetchHomeApps } from '@/features/apps';
import { BlockedContractsCard, prefetchBlockedContracts } from '@/features/contracts';
import { HomeInvoices, prefetchHomeInvoices } from '@/features/invoices';
import { HomeNotificationPrompt } from '@/features/notifications';
import { Later } from '@/shared/components/later';
import { PageTitle } from '@/shared/components/page-title';
import { CardSkeleton } from '@/shared/components/skeletons';
import { useSession } from '@/shared/session';
import { SupportCard } from '../components/support-card';

/**
 * How long the home waits for its cards' data before it shows them loading. Within it the page is drawn
 * complete, from the top down (the cards under the invoices each in a task of its own, `Later`): no
 * skeletons that give way to cards of another height and push the page down. On a first load the server
 * has the browser fetch the data with the code (static-spa's preload links).
 */
const HOME_DATA_WAIT_MS = 1500;

/** The home route's loader: its cards' data and code, for at most HOME_DATA_WAIT_MS. */
export const homeLoader = (queryClient: QueryClient) => async () => {
  const ready = Promise.all([
    prefetchHomeInvoices(queryClient),
    prefetchBlockedContracts(queryClient),
    // A failed chunk is the card's own error to show (its Suspense boundary), not the page's.
    prefetchHomeApps(queryClient).catch(() => undefined),
  ]);
  await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, HOME_DATA_WAIT_MS))]);
  return null;
};

/** spec §2.2 /panel: greeting by first name, the invoices, the notification prompt and the other areas' cards. */
export function HomePage() {
  const { data: session, isPending } = useSession();
  return (
    <>
      <PageTitle>Início</PageTitle>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 3 }}>
        {session ? `Olá, ${session.customer.firstName}!` : <Skeleton width={220} />}
      </Typography>
      <HomeInvoices />
      {/* Under the invoices: it shows only once the contracts have loaded, and would push them down then. */}
      <Box sx={{ '&:not(:empty)': { mt: 3 } }}>
        <Later>
          <BlockedContractsCard />
        </Later>
      </Box>
      <Box sx={{ '&:not(:empty)': { mt: 3 } }}>
        <Later>
          <HomeApps />
        </Later>
      </Box>
      <Box sx={{ '&:not(:empty)': { mt: 3 } }}>
        <Later>
          <HomeNotificationPrompt />
        </Later>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mt: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {isPending ? (
          <CardSkeleton lines={4} label="Carregando atendimentos" />
        ) : (
          <Later>
            <SupportCard />
          </Later>
        )}
      </Box>
    </>
  );
}
