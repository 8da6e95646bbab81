import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import type { MenuEntry } from '@/shared/menu';
import * as paths from '@/shared/paths';

export const fiscalNotesMenuEntry: MenuEntry = {
  label: 'Notas Fiscais',
  to: paths.fiscalNotes,
  icon: DescriptionOutlined,
  visible: true,
};
