import DataUsageOutlined from '@mui/icons-material/DataUsageOutlined';
import type { MenuEntry } from '@/shared/menu';
import * as paths from '@/shared/paths';

/** Issue 15: the subscriber's connection history. */
export const connectionMenuEntry: MenuEntry = {
  label: 'Meu Consumo',
  to: paths.connection,
  icon: DataUsageOutlined,
  visible: true,
};
