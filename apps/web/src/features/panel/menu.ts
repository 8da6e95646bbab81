import HomeOutlined from '@mui/icons-material/HomeOutlined';
import type { MenuEntry } from '@/shared/menu';
import * as paths from '@/shared/paths';

export const homeMenuEntry: MenuEntry = {
  label: 'Início',
  to: paths.panel,
  icon: HomeOutlined,
  visible: true,
};
