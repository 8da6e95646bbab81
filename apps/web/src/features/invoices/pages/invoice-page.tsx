import { isPayable } from '@central/domain';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PixOutlined from '@mui/icons-material/PixOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ShownInvoice } from '@/shared/invoice';
import { InvoiceScaffold } from '@/shared/layouts/invoice-scaffold';
import * as paths from '@/shared/paths';
import { useSession } from '@/shared/session';
import { InvoiceDetailsCard } from '../components/invoice-details-card';
import { PixBlock } from '../components/pix-block';
import { SendByEmailDialog } from '../components/send-by-email-dialog';

type Method = { label: string; detail: string; to: string; icon: ReactNode };

const SEND_BY_EMAIL = 'Enviar por e-mail';

/** Issue 15: while the invoice is the one last seen (ERP down), its payment actions are shown disabled. */
const PAYMENT_LATER = 'O pagamento volta assim que os dados forem atualizados.';

function PaymentMethods({ invoice }: { invoice: ShownInvoice }) {
  const { data: session } = useSession();
  const disabled = Boolean(invoice.staleAt);
  const [sendOpen, setSendOpen] = useState(false);
  const methods: Method[] = [];
  // spec §6: card payment only with the credit_card flag; boleto only when there is a linha digitável.
  if (session?.featureFlag.includes('credit_card')) {
    methods.push({
      label: 'Pagar com cartão de crédito',
      detail: 'Em até 3x, com os cartões salvos',
      to: paths.cardPayment(invoice.id),
      icon: <CreditCardOutlined />,
    });
  }
  if (invoice.linhaDigitavel) {
    methods.push({
      label: 'Boleto',
      detail: 'Linha digitável e PDF para pagar no banco',
      to: paths.boletoPayment(invoice.id),
      icon: <ReceiptOutlined />,
    });
  }
  methods.push({
    label: 'PIX',
    detail: 'QR Code e código copia e cola em tela cheia',
    to: paths.pixPayment(invoice.id),
    icon: <PixOutlined />,
  });

  return (
    <Card component="section" aria-labelledby="payment-methods-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, pb: { xs: 1, sm: 1.5 } }}>
        <Typography id="payment-methods-title" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          Outras formas de pagamento
        </Typography>
        <List sx={{ mx: -1 }}>
          {methods.map((method) => (
            <ListItem key={method.to} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={method.to}
                disabled={disabled}
                sx={{ borderRadius: 1, border: 1, borderColor: 'divider', mb: 1 }}
              >
                <ListItemIcon sx={{ minWidth: 44, color: 'primary.main' }}>{method.icon}</ListItemIcon>
                <ListItemText
                  primary={method.label}
                  secondary={method.detail}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
                <ChevronRightIcon aria-hidden sx={{ color: 'text.disabled' }} />
              </ListItemButton>
            </ListItem>
          ))}
          <ListItem disablePadding>
            <ListItemButton
              onClick={() => setSendOpen(true)}
              disabled={disabled}
              sx={{ borderRadius: 1, border: 1, borderColor: 'divider', mb: 1 }}
            >
              <ListItemIcon sx={{ minWidth: 44, color: 'primary.main' }}>
                <EmailOutlined />
              </ListItemIcon>
              <ListItemText
                primary={SEND_BY_EMAIL}
                secondary="Boleto e código PIX no seu e-mail cadastrado"
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
            </ListItemButton>
          </ListItem>
        </List>
        <SendByEmailDialog invoiceId={invoice.id} open={sendOpen} onClose={() => setSendOpen(false)} />
      </CardContent>
    </Card>
  );
}

function PixCard({ invoiceId, stale }: { invoiceId: string; stale: boolean }) {
  return (
    <Card component="section" aria-labelledby="pix-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="pix-title" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          Pague com PIX
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Aponte a câmera do app do seu banco para o QR Code ou copie o código. O pagamento é confirmado na
          hora.
        </Typography>
        {stale ? (
          <>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {PAYMENT_LATER}
            </Typography>
            <Button variant="contained" size="large" fullWidth disabled>
              Copiar código PIX
            </Button>
          </>
        ) : (
          <PixBlock invoiceId={invoiceId} />
        )}
      </CardContent>
    </Card>
  );
}

/** spec §2.2 /panel/financial/invoice/{invoiceId}: a paid invoice shows its details only (spec §4). */
export function InvoicePage() {
  return (
    <InvoiceScaffold
      live
      title="Detalhes da Fatura"
      back={(invoice) => (invoice.type === 'received' ? paths.invoicesReceived : paths.invoicesToPay)}
    >
      {(invoice) =>
        isPayable(invoice.type) ? (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              alignItems: 'start',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
              gridTemplateAreas: { xs: '"details" "pix" "methods"', md: '"details pix" "methods pix"' },
            }}
          >
            <Box sx={{ gridArea: 'details' }}>
              <InvoiceDetailsCard invoice={invoice} />
            </Box>
            <Box sx={{ gridArea: 'pix' }}>
              <PixCard invoiceId={invoice.id} stale={Boolean(invoice.staleAt)} />
            </Box>
            <Box sx={{ gridArea: 'methods' }}>
              <PaymentMethods invoice={invoice} />
            </Box>
          </Box>
        ) : (
          <Box sx={{ maxWidth: 560 }}>
            <InvoiceDetailsCard invoice={invoice} />
          </Box>
        )
      }
    </InvoiceScaffold>
  );
}
