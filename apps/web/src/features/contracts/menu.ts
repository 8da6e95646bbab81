import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import type { MenuEntry } from '@/shared/menu';
import * as paths from '@/shared/paths';

export const contractsMenuEntry: MenuEntry = {
  label: 'Contratos',
  to: paths.contracts,
  icon: ArticleOutlined,
  visible: true,
};
