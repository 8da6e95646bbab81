import { messages, type SupportStatus } from '@central/domain';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '@/shared/components/empty-state';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import * as paths from '@/shared/paths';
import { supportListQuery } from '../api';
import { NewRequestButton } from '../components/new-request-button';
import { TicketListItem } from '../components/ticket-list-item';
import { canSeeMore, pageParam } from '../format';

const PAGES = {
  in_progress: {
    title: 'Atendimentos Em Andamento',
    list: 'Atendimentos em andamento',
    empty: messages.noSupportsInProgress,
    icon: <ForumOutlined />,
  },
  closed: {
    title: 'Atendimentos Fechados',
    list: 'Atendimentos fechados',
    empty: messages.noSupportsClosed,
    icon: <TaskAltOutlined />,
  },
} as const;

function StatusTabs({ status }: { status: SupportStatus }) {
  return (
    <Tabs
      value={status}
      aria-label="Atendimentos"
      variant="fullWidth"
      sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tab
        label="Em andamento"
        value="in_progress"
        component={RouterLink}
        to={paths.customerService.inProgress}
        sx={{ maxWidth: { sm: 200 } }}
      />
      <Tab
        label="Fechados"
        value="closed"
        component={RouterLink}
        to={paths.customerService.closed}
        sx={{ maxWidth: { sm: 200 } }}
      />
    </Tabs>
  );
}

function Frame({ status, children }: { status: SupportStatus; children: ReactNode }) {
  const page = PAGES[status];
  return (
    <>
      <PageTitle>{page.title}</PageTitle>
      <PageHeader title={page.title} actions={<NewRequestButton />} />
      <StatusTabs status={status} />
      {children}
    </>
  );
}

/** spec §2.2 /panel/customer-service/in-progress. */
export function InProgressPage() {
  const tickets = useQuery(supportListQuery('in_progress'));
  const page = PAGES.in_progress;

  let content: ReactNode;
  if (tickets.isPending) {
    content = <CardListSkeleton />;
  } else if (tickets.isError) {
    content = (
      <ErrorState
        message={messages.supportsFailed}
        onRetry={() => tickets.refetch()}
        retrying={tickets.isFetching}
      />
    );
  } else if (tickets.data.supports.length === 0) {
    content = (
      <EmptyState icon={page.icon} message={page.empty} action={<NewRequestButton variant="outlined" />} />
    );
  } else {
    content = (
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={page.list}>
        {tickets.data.supports.map((ticket) => (
          <TicketListItem key={ticket.id} ticket={ticket} />
        ))}
      </Stack>
    );
  }
  return <Frame status="in_progress">{content}</Frame>;
}

/**
 * spec §2.2/§9 /panel/customer-service/closed?page=N: pages 1 to N, one after the other; 'Ver mais' adds
 * the next page to the address, so a reload or a shared link shows the same list.
 */
export function ClosedPage() {
  const [params, setParams] = useSearchParams();
  const pageCount = pageParam(params.get('page'));
  const pages = useQueries({
    queries: Array.from({ length: pageCount }, (_, i) => supportListQuery('closed', i + 1)),
  });
  const page = PAGES.closed;

  const first = pages[0];
  const last = pages.at(-1);
  // Pages already shown stay while the next one loads or if it fails.
  const loaded = pages.filter((p) => p.isSuccess);
  const tickets = loaded
    .flatMap((p) => p.data.supports)
    .filter((ticket, i, all) => all.findIndex((t) => t.id === ticket.id) === i);
  const hasMore = Boolean(last?.isSuccess && last.data.hasMore);
  const loadingMore = pages.length > 1 && Boolean(last?.isPending);
  const failedMore = pages.length > 1 && Boolean(last?.isError);

  const seeMore = () => setParams({ page: String(pageCount + 1) }, { preventScrollReset: true });

  let content: ReactNode;
  if (!first || first.isPending) {
    content = <CardListSkeleton />;
  } else if (first.isError) {
    content = (
      <ErrorState
        message={messages.supportsFailed}
        onRetry={() => first.refetch()}
        retrying={first.isFetching}
      />
    );
  } else if (tickets.length === 0) {
    content = <EmptyState icon={page.icon} message={page.empty} />;
  } else {
    content = (
      <>
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={page.list}>
          {tickets.map((ticket) => (
            <TicketListItem key={ticket.id} ticket={ticket} />
          ))}
        </Stack>
        {failedMore && (
          <Box sx={{ mt: 2 }}>
            <ErrorState
              message={messages.supportsFailed}
              onRetry={() => last?.refetch()}
              retrying={last?.isFetching}
            />
          </Box>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button
            variant="outlined"
            startIcon={<ExpandMore />}
            onClick={seeMore}
            loading={loadingMore}
            loadingPosition="start"
            disabled={!canSeeMore(tickets.length, hasMore)}
            sx={{ minWidth: 160 }}
          >
            Ver mais
          </Button>
        </Box>
      </>
    );
  }
  return <Frame status="closed">{content}</Frame>;
}
