import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { HomeApps } from '@/features/apps';
import { BlockedContractsCard } from '@/features/contracts';
import { HomeInvoices } from '@/features/invoices';
import { HomeNotificationPrompt } from '@/features/notifications';
import { PageTitle } from '@/shared/components/page-title';
import { CardSkeleton } from '@/shared/components/skeletons';
import { useSession } from '@/shared/session';
import { SupportCard } from '../components/support-card';

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
        <BlockedContractsCard />
      </Box>
      <Box sx={{ '&:not(:empty)': { mt: 3 } }}>
        <HomeApps />
      </Box>
      <Box sx={{ '&:not(:empty)': { mt: 3 } }}>
        <HomeNotificationPrompt />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mt: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {isPending ? <CardSkeleton lines={4} label="Carregando atendimentos" /> : <SupportCard />}
      </Box>
    </>
  );
}
