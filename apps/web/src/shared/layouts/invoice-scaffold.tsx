import { formatCents, type Invoice, type InvoiceList, isPayable, messages } from '@central/domain';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageTitle } from '@/shared/components/page-title';
import { EmptyState } from '../components/empty-state';
import { ErrorState } from '../components/error-state';
import { PageHeader } from '../components/page-header';
import { CardSkeleton } from '../components/skeletons';
import { StaleNotice } from '../components/stale-notice';
import {
  dueText,
  invoiceKeys,
  invoiceQuery,
  isInvoiceId,
  isInvoiceNotFound,
  type ShownInvoice,
} from '../invoice';
import * as paths from '../paths';
import { usePaymentReceived } from '../payment-events';

/** What the lists already know of an invoice: the page shows it at once while it loads fresh. */
function fromLists(queryClient: QueryClient, invoiceId: string): ShownInvoice | undefined {
  for (const [, list] of queryClient.getQueriesData<InvoiceList>({
    queryKey: [...invoiceKeys.all, 'list'],
  })) {
    const invoice = list?.invoices.find((i) => i.id === invoiceId);
    if (invoice) return list?.staleAt ? { ...invoice, staleAt: list.staleAt } : invoice;
  }
  return undefined;
}

/** The invoice of the route's `:invoiceId`. */
function useRouteInvoice() {
  const { invoiceId = '' } = useParams();
  const queryClient = useQueryClient();
  const valid = isInvoiceId(invoiceId);
  const query = useQuery({
    ...invoiceQuery(invoiceId),
    enabled: valid,
    placeholderData: () => fromLists(queryClient, invoiceId),
  });
  return { invoiceId, valid, query };
}

/** 'Fatura nº 1017 · R$ 89,90 · Venceu em 12/11/2026'. */
function invoiceSummary(invoice: Invoice): string {
  const amount = invoice.type === 'received' ? invoice.value : invoice.openValue;
  return `Fatura nº ${invoice.id} · ${formatCents(amount)} · ${dueText(invoice)}`;
}

type Props = {
  title: string;
  /** Where 'Voltar' goes, once the invoice is known. */
  back: (invoice: Invoice) => string;
  /** A payment page: a paid invoice shows a notice instead. */
  payment?: boolean;
  /** A payment just went through: keep the page as it was until it navigates away. */
  settling?: boolean;
  /**
   * Follows an open invoice's payment while the page is open (the invoice and PIX pages): once the ERP
   * has it received, the page says 'Pagamento recebido' without a reload (issue 15).
   */
  live?: boolean;
  children: (invoice: ShownInvoice) => ReactNode;
};

/**
 * The frame of the invoice page and its payment pages: title, 'Voltar', and the invoice's loading,
 * not-found and failure states (spec §8 'Fatura não encontrada.').
 */
export function InvoiceScaffold(props: Props) {
  return (
    <>
      <PageTitle>{props.title}</PageTitle>
      <InvoiceScaffoldContent {...props} />
    </>
  );
}

/** What a page following its invoice says once the payment arrived. */
export const PAYMENT_RECEIVED = 'Pagamento recebido';

function InvoiceScaffoldContent({
  title,
  back,
  payment = false,
  settling = false,
  live = false,
  children,
}: Props) {
  const { invoiceId, valid, query } = useRouteInvoice();
  const received = usePaymentReceived(
    invoiceId,
    live && valid && query.data !== undefined && isPayable(query.data.type) && !query.data.staleAt,
  );

  if (!valid || (query.isError && isInvoiceNotFound(query.error))) {
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          icon={<SearchOffOutlined />}
          message={messages.invoiceNotFound}
          detail="Confira o endereço ou escolha a fatura na lista."
          action={
            <Button component={RouterLink} to={paths.invoicesToPay} variant="contained">
              Voltar
            </Button>
          }
        />
      </>
    );
  }
  if (query.isPending) {
    return (
      <>
        <PageHeader title={title} subtitle={payment ? <Skeleton width={260} /> : undefined} />
        <Stack spacing={2} role="status" aria-label="Carregando fatura">
          <CardSkeleton lines={5} />
          <CardSkeleton lines={3} />
        </Stack>
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title={title} back={{ to: paths.invoicesToPay }} />
        <ErrorState
          message={messages.invoicesFailed}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      </>
    );
  }

  const invoice = query.data;
  const paid = !isPayable(invoice.type);
  return (
    <>
      <PageHeader
        title={title}
        back={{ to: back(invoice) }}
        subtitle={payment ? invoiceSummary(invoice) : undefined}
      />
      {invoice.staleAt && <StaleNotice at={invoice.staleAt} />}
      {received && !payment && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {PAYMENT_RECEIVED}
        </Alert>
      )}
      {payment && invoice.staleAt && !paid ? (
        // Issue 15: an invoice last seen cannot be paid before the ERP confirms it is still open.
        <EmptyState
          icon={<CloudOffOutlined />}
          message="O pagamento volta assim que os dados forem atualizados."
          action={
            <Button component={RouterLink} to={paths.invoice(invoice.id)} variant="contained">
              Ver detalhes da fatura
            </Button>
          }
        />
      ) : payment && paid && !settling ? (
        <EmptyState
          icon={<TaskAltOutlined />}
          message={received ? PAYMENT_RECEIVED : messages.invoiceNotPayable}
          action={
            <Button component={RouterLink} to={paths.invoice(invoice.id)} variant="contained">
              Ver detalhes da fatura
            </Button>
          }
        />
      ) : (
        children(invoice)
      )}
    </>
  );
}
