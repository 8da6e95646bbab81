import RouterOutlined from '@mui/icons-material/RouterOutlined';
import type { MenuEntry } from '@/shared/menu';
import * as paths from '@/shared/paths';

/** spec §6: only when the device service says it is configured for the subscriber. */
export const devicesMenuEntry: MenuEntry = {
  label: 'Dispositivos',
  to: paths.devices,
  icon: RouterOutlined,
  visible: ({ acsConfigured }) => acsConfigured,
};
