import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import type { MenuEntry } from '@/shared/menu';
import * as paths from '@/shared/paths';

export const notificationsMenuEntry: MenuEntry = {
  label: 'Notificações',
  to: paths.notifications,
  icon: NotificationsOutlined,
  visible: true,
};
