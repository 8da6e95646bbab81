import { formatCents, formatDateBR, type Invoice, paymentTypeLabels } from '@central/domain';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { dueText } from '@/shared/invoice';
import * as paths from '@/shared/paths';
import { isPartlyPaid } from '../format';
import { InvoiceStatusChip } from './invoice-status-chip';

/** One invoice of a list; the whole card opens its page. */
export function InvoiceListItem({ invoice }: { invoice: Invoice }) {
  const paid = invoice.type === 'received';
  const amount = paid ? invoice.value : invoice.openValue;
  const paidText = [
    invoice.paymentDate ? `Paga em ${formatDateBR(invoice.paymentDate)}` : 'Paga',
    invoice.paymentType ? paymentTypeLabels[invoice.paymentType] : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Card component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea component={RouterLink} to={paths.invoice(invoice.id)}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            px: { xs: 2, sm: 2.5 },
            py: 2,
          }}
        >
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
                <InvoiceStatusChip type={invoice.type} />
                <Typography component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  Fatura nº {invoice.id}
                </Typography>
              </Box>
              <Typography
                component="span"
                sx={{ fontWeight: 700, fontSize: '1.125rem', whiteSpace: 'nowrap' }}
              >
                {formatCents(amount)}
              </Typography>
            </Box>
            <Box
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                flexWrap: 'wrap',
                columnGap: 2,
                rowGap: 0.25,
                mt: 0.75,
              }}
            >
              <Typography variant="body2" color="text.secondary">
                {paid ? `Vencimento ${formatDateBR(invoice.dueDate)}` : dueText(invoice)}
                {invoice.contractId && ` · Contrato ${invoice.contractId}`}
              </Typography>
              {paid ? (
                <Typography variant="body2" color="success.dark" sx={{ fontWeight: 500 }}>
                  {paidText}
                </Typography>
              ) : (
                isPartlyPaid(invoice) && (
                  <Typography variant="body2" color="text.secondary">
                    em aberto de {formatCents(invoice.value)}
                  </Typography>
                )
              )}
            </Box>
          </Box>
          <ChevronRightIcon
            aria-hidden
            sx={{ color: 'text.disabled', display: { xs: 'none', sm: 'block' } }}
          />
        </Box>
      </CardActionArea>
    </Card>
  );
}
