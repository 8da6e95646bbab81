import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import type { MenuEntry } from '@/shared/menu';
import * as paths from '@/shared/paths';

/** spec §2.5: Support (Request, In progress, Closed). */
export const supportMenuEntry: MenuEntry = {
  label: 'Atendimento',
  icon: SupportAgentOutlined,
  visible: true,
  children: [
    { label: 'Solicitar', to: paths.customerService.request, visible: true },
    { label: 'Em andamento', to: paths.customerService.inProgress, visible: true },
    { label: 'Fechados', to: paths.customerService.closed, visible: true },
  ],
};
