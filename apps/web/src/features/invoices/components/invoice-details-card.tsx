import { formatCents, formatDateBR, type Invoice, paymentTypeLabels } from '@central/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { isPartlyPaid } from '../format';
import { InvoiceStatusChip } from './invoice-status-chip';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        gap: 2,
        py: 1.25,
        '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
      }}
    >
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** spec §3 Invoice: the fields of one invoice. */
export function InvoiceDetailsCard({ invoice }: { invoice: Invoice }) {
  const paid = invoice.type === 'received';
  return (
    <Card component="section" aria-labelledby="invoice-details-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="invoice-details-title" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
          Dados da fatura
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label="Fatura nº">{invoice.id}</Row>
          <Row label="Contrato">{invoice.contractId ?? '—'}</Row>
          <Row label="Valor">{formatCents(invoice.value)}</Row>
          {isPartlyPaid(invoice) && <Row label="Valor em aberto">{formatCents(invoice.openValue)}</Row>}
          <Row label="Vencimento">{formatDateBR(invoice.dueDate)}</Row>
          <Row label="Situação">
            <InvoiceStatusChip type={invoice.type} />
          </Row>
          {paid && invoice.paymentDate && <Row label="Pagamento">{formatDateBR(invoice.paymentDate)}</Row>}
          {paid && invoice.paymentType && (
            <Row label="Forma de pagamento">{paymentTypeLabels[invoice.paymentType]}</Row>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
