import { formatCents, type Invoice, messages } from '@central/domain';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '@/shared/components/error-state';
import { CardSkeleton, SKELETON_COUNT } from '@/shared/components/skeletons';
import { StaleNotice } from '@/shared/components/stale-notice';
import { dueText, invoiceListQuery } from '@/shared/invoice';
import * as paths from '@/shared/paths';
import { isPartlyPaid } from '../format';
import { InvoiceStatusChip } from './invoice-status-chip';

/** At most this many overdue invoices get a card of their own on the home page. */
const MAX_HIGHLIGHTED = 3;

/** `stale`: the invoice is the one last seen while the ERP is down (issue 15): it opens, it is not paid. */
function InvoiceHighlight({ invoice, title, stale }: { invoice: Invoice; title?: string; stale: boolean }) {
  const overdue = invoice.type === 'overdue';
  return (
    <Card
      component="article"
      aria-label={`${title ?? 'Fatura vencida'}: fatura nº ${invoice.id}`}
      sx={(theme) => ({
        borderLeft: `4px solid ${overdue ? theme.palette.error.main : theme.palette.primary.main}`,
        height: '100%',
      })}
    >
      <CardContent
        sx={{ display: 'flex', flexDirection: 'column', height: '100%', p: 2.5, '&:last-child': { pb: 2.5 } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
          {title ? (
            <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
          ) : (
            <InvoiceStatusChip type={invoice.type} />
          )}
          <Typography variant="body2" color="text.secondary">
            Fatura nº {invoice.id}
          </Typography>
        </Box>
        <Typography sx={{ fontWeight: 700, fontSize: '1.75rem', lineHeight: 1.2 }}>
          {formatCents(invoice.openValue)}
        </Typography>
        {isPartlyPaid(invoice) && (
          <Typography variant="body2" color="text.secondary">
            em aberto de {formatCents(invoice.value)}
          </Typography>
        )}
        <Typography
          variant="body2"
          sx={{ mt: 0.5, mb: 2, fontWeight: overdue ? 600 : 400 }}
          color={overdue ? 'error.main' : 'text.secondary'}
        >
          {dueText(invoice)}
        </Typography>
        <Button
          component={RouterLink}
          to={paths.invoice(invoice.id)}
          variant={stale ? 'outlined' : 'contained'}
          color={overdue ? 'error' : 'primary'}
          fullWidth
          aria-label={`${stale ? 'Ver' : 'Pagar'} fatura nº ${invoice.id}`}
          sx={{ mt: 'auto' }}
        >
          {stale ? 'Ver fatura' : 'Pagar'}
        </Button>
      </CardContent>
    </Card>
  );
}

function UpToDate() {
  return (
    <Card
      sx={(theme) => ({
        bgcolor: alpha(theme.palette.success.main, 0.08),
        borderColor: alpha(theme.palette.success.main, 0.3),
      })}
    >
      <CardContent
        sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2.5, '&:last-child': { pb: 2.5 } }}
      >
        <TaskAltIcon sx={{ color: 'success.main', fontSize: 40 }} aria-hidden />
        <Box>
          <Typography component="p" variant="h6" sx={{ fontWeight: 600, color: 'success.dark' }}>
            {messages.invoicesUpToDate}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Nenhuma fatura em aberto no momento.
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

function Summary({ invoices }: { invoices: Invoice[] }) {
  const openCents = invoices.reduce((sum, i) => sum + i.openValue, 0);
  const overdue = invoices.filter((i) => i.type === 'overdue').length;
  const stat = (label: string, value: string, detail?: string, color?: string) => (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.375rem', color }}>
        {value}
      </Typography>
      {detail && (
        <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
  return (
    <Card component="section" aria-labelledby="invoice-summary-title" sx={{ height: '100%' }}>
      <CardContent
        sx={{ display: 'flex', flexDirection: 'column', height: '100%', p: 2.5, '&:last-child': { pb: 2.5 } }}
      >
        <Typography
          id="invoice-summary-title"
          component="h3"
          variant="subtitle2"
          sx={{ fontWeight: 600, mb: 1.5 }}
        >
          Resumo das faturas
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, mb: 2 }}>
          {stat(
            'Em aberto',
            formatCents(openCents),
            invoices.length === 1 ? '1 fatura' : `${invoices.length} faturas`,
          )}
          {stat('Vencidas', String(overdue), undefined, overdue > 0 ? 'error.main' : undefined)}
        </Box>
        <Button
          component={RouterLink}
          to={paths.invoicesToPay}
          variant="outlined"
          endIcon={<ArrowForwardIcon />}
          fullWidth
          sx={{ mt: 'auto' }}
        >
          Ver todas as faturas
        </Button>
      </CardContent>
    </Card>
  );
}

/** The invoices to pay, fetched ahead of the card (the home's loader). */
export const prefetchHomeInvoices = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(invoiceListQuery('to_pay'));

/** spec §2.2 home: the overdue invoices (or the next one), 'Suas faturas estão em dia', and a summary. */
export function HomeInvoices() {
  const query = useQuery(invoiceListQuery('to_pay'));

  let cards: ReactNode;
  if (query.isPending) {
    cards = Array.from({ length: SKELETON_COUNT }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <CardSkeleton key={i} lines={3} label={i === 0 ? 'Carregando faturas' : undefined} />
    ));
  } else if (query.isError) {
    cards = (
      <Box sx={{ gridColumn: '1 / -1' }}>
        <ErrorState
          message={messages.invoicesFailed}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      </Box>
    );
  } else {
    const { invoices } = query.data;
    const stale = Boolean(query.data.staleAt);
    const overdue = invoices.filter((i) => i.type === 'overdue');
    const next = invoices.find((i) => i.type !== 'overdue');
    if (overdue.length > 0) {
      cards = overdue
        .slice(0, MAX_HIGHLIGHTED)
        .map((invoice) => <InvoiceHighlight key={invoice.id} invoice={invoice} stale={stale} />);
    } else if (next) {
      cards = <InvoiceHighlight invoice={next} title="Próxima fatura" stale={stale} />;
    } else {
      cards = (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <UpToDate />
        </Box>
      );
    }
  }
  const summary = query.isSuccess && query.data.invoices.length > 0 && (
    <Summary invoices={query.data.invoices} />
  );

  return (
    <Box component="section" aria-labelledby="home-invoices-title" aria-busy={query.isPending}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5 }}>
        <Typography id="home-invoices-title" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          Faturas
        </Typography>
        {query.isSuccess && query.data.invoices.length === 0 && !query.data.staleAt && (
          <Button component={RouterLink} to={paths.invoicesToPay} endIcon={<ArrowForwardIcon />} size="small">
            Ver todas as faturas
          </Button>
        )}
      </Box>
      {query.data?.staleAt && <StaleNotice at={query.data.staleAt} />}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {cards}
        {summary}
      </Box>
    </Box>
  );
}
