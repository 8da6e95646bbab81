import LockOutlined from '@mui/icons-material/LockOutlined';
import type { MenuEntry } from '@/shared/menu';
import * as paths from '@/shared/paths';

export const securityMenuEntry: MenuEntry = {
  label: 'Minha Senha',
  to: paths.security,
  icon: LockOutlined,
  visible: true,
};
