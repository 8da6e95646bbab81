import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { InvoiceScaffold } from '@/shared/layouts/invoice-scaffold';
import * as paths from '@/shared/paths';
import { PixBlock } from '../components/pix-block';

const STEPS = [
  'Abra o app do seu banco e escolha pagar com PIX.',
  'Aponte a câmera para o QR Code, ou cole o código copiado.',
  'Confira os dados e confirme. O pagamento é identificado na hora.',
];

/** spec §2.2 …/payment/pix: the QR and the copy-and-paste code of an unpaid invoice. */
export function PixPage() {
  return (
    <InvoiceScaffold title="Pagar com PIX" back={(invoice) => paths.invoice(invoice.id)} payment live>
      {(invoice) => (
        <Card sx={{ maxWidth: 560 }}>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <PixBlock invoiceId={invoice.id} />
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mt: 3, mb: 1 }}>
              Como pagar
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 2.5, color: 'text.secondary', '& li': { mb: 0.5 } }}>
              {STEPS.map((step) => (
                <Typography component="li" variant="body2" key={step}>
                  {step}
                </Typography>
              ))}
            </Box>
          </CardContent>
        </Card>
      )}
    </InvoiceScaffold>
  );
}
