import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import type { MenuEntry } from '@/shared/menu';
import * as paths from '@/shared/paths';

/** spec §2.2: only when the session carries the credit_card feature flag. */
export const cardsMenuEntry: MenuEntry = {
  label: 'Meus Cartões',
  to: paths.cards,
  icon: CreditCardOutlined,
  visible: ({ session }) => session.featureFlag.includes('credit_card'),
};
