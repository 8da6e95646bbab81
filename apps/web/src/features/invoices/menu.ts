import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import type { MenuEntry } from '@/shared/menu';
import * as paths from '@/shared/paths';

export const invoicesMenuEntry: MenuEntry = {
  label: 'Faturas',
  icon: ReceiptLongOutlined,
  visible: true,
  children: [
    { label: 'Abertas', to: paths.invoicesToPay, visible: true },
    { label: 'Pagas', to: paths.invoicesReceived, visible: true },
  ],
};
