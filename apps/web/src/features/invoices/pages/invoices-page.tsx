import { messages } from '@central/domain';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/shared/components/empty-state';
import { ErrorState } from '@/shared/components/error-state';
import { PageHeader } from '@/shared/components/page-header';
import { PageTitle } from '@/shared/components/page-title';
import { CardListSkeleton } from '@/shared/components/skeletons';
import { StaleNotice } from '@/shared/components/stale-notice';
import type { InvoiceStatus } from '@/shared/invoice';
import { invoiceListQuery } from '@/shared/invoice';
import * as paths from '@/shared/paths';
import { InvoiceListItem } from '../components/invoice-list-item';

const PAGES = {
  to_pay: { title: 'Faturas em aberto', empty: messages.noOpenInvoices, path: paths.invoicesToPay },
  received: { title: 'Faturas pagas', empty: messages.noPaidInvoices, path: paths.invoicesReceived },
} as const;

/** spec §2.2 /panel/financial/invoices/to-pay and /received. */
function InvoicesPage({ status }: { status: InvoiceStatus }) {
  const page = PAGES[status];
  const invoices = useQuery(invoiceListQuery(status));

  let content: ReactNode;
  if (invoices.isPending) {
    content = <CardListSkeleton />;
  } else if (invoices.isError) {
    content = (
      <ErrorState
        message={messages.invoicesFailed}
        onRetry={() => invoices.refetch()}
        retrying={invoices.isFetching}
      />
    );
  } else if (invoices.data.invoices.length === 0) {
    content = (
      <EmptyState
        icon={status === 'to_pay' ? <TaskAltOutlined /> : <ReceiptLongOutlined />}
        message={page.empty}
      />
    );
  } else {
    content = (
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={page.title}>
        {invoices.data.invoices.map((invoice) => (
          <InvoiceListItem key={invoice.id} invoice={invoice} />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageTitle>{page.title}</PageTitle>
      <PageHeader title={page.title} />
      <Tabs
        value={page.path}
        aria-label="Faturas"
        sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
        variant="fullWidth"
      >
        <Tab
          label="Abertas"
          value={paths.invoicesToPay}
          component={RouterLink}
          to={paths.invoicesToPay}
          sx={{ maxWidth: { sm: 200 } }}
        />
        <Tab
          label="Pagas"
          value={paths.invoicesReceived}
          component={RouterLink}
          to={paths.invoicesReceived}
          sx={{ maxWidth: { sm: 200 } }}
        />
      </Tabs>
      {invoices.data?.staleAt && <StaleNotice at={invoices.data.staleAt} />}
      {content}
    </>
  );
}

export const ToPayInvoicesPage = () => <InvoicesPage status="to_pay" />;
export const ReceivedInvoicesPage = () => <InvoicesPage status="received" />;
