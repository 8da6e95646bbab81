import type { Session, Theme } from '@central/domain';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RouterOutlined from '@mui/icons-material/RouterOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import type SvgIcon from '@mui/material/SvgIcon';

export type MenuContext = { session: Session; tenant: Theme };

export type MenuEntry = {
  label: string;
  icon?: typeof SvgIcon;
  /** A page of the panel; an entry without one groups its children. */
  to?: string;
  children?: MenuEntry[];
  /** Only entries whose pages exist are shown; a function decides by session and tenant. */
  visible: boolean | ((context: MenuContext) => boolean);
};

/** spec §2.5: the side menu, in the spec's order. Each area turns its entries on as it lands. */
export const panelMenu: MenuEntry[] = [
  { label: 'Início', to: '/panel', icon: HomeOutlined, visible: true },
  { label: 'Notificações', to: '/panel/notifications', icon: NotificationsOutlined, visible: false },
  { label: 'Dispositivos', to: '/panel/devices', icon: RouterOutlined, visible: false },
  { label: 'Minha Senha', to: '/panel/security', icon: LockOutlined, visible: true },
  // spec §2.2: only when the session carries the credit_card feature flag.
  {
    label: 'Meus Cartões',
    to: '/panel/financial/credit-card',
    icon: CreditCardOutlined,
    visible: ({ session }) => session.featureFlag.includes('credit_card'),
  },
  {
    label: 'Faturas',
    icon: ReceiptLongOutlined,
    visible: true,
    children: [
      { label: 'Abertas', to: '/panel/financial/invoices/to-pay', visible: true },
      { label: 'Pagas', to: '/panel/financial/invoices/received', visible: true },
    ],
  },
  { label: 'Notas Fiscais', to: '/panel/financial/nfs', icon: DescriptionOutlined, visible: true },
  { label: 'Contratos', to: '/panel/financial/contracts', icon: ArticleOutlined, visible: false },
  {
    label: 'Atendimento',
    icon: SupportAgentOutlined,
    visible: true,
    children: [
      { label: 'Solicitar', to: '/panel/customer-service/request', visible: false },
      { label: 'Em andamento', to: '/panel/customer-service/in-progress', visible: false },
      { label: 'Fechados', to: '/panel/customer-service/closed', visible: false },
    ],
  },
];

/** The entries to show; a group with no visible child is left out. */
export function visibleMenu(entries: MenuEntry[], context: MenuContext): MenuEntry[] {
  return entries.flatMap((entry) => {
    const visible = typeof entry.visible === 'function' ? entry.visible(context) : entry.visible;
    if (!visible) return [];
    if (!entry.children) return [entry];
    const children = visibleMenu(entry.children, context);
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** The entry of the page at `pathname`: exact for the home, by prefix for the others. */
export function isActive(to: string, pathname: string): boolean {
  return pathname === to || (to !== '/panel' && pathname.startsWith(`${to}/`));
}
