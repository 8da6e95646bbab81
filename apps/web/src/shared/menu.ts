import type { Session, Theme } from '@central/domain';
import type SvgIcon from '@mui/material/SvgIcon';

export type MenuContext = {
  session: Session;
  tenant: Theme;
  /** spec §6: the device service says it is configured for this subscriber (false until it answers). */
  acsConfigured: boolean;
};

/** An entry of the panel's side menu (spec §2.5); each feature declares its own. */
export type MenuEntry = {
  label: string;
  icon?: typeof SvgIcon;
  /** A page of the panel; an entry without one groups its children. */
  to?: string;
  children?: MenuEntry[];
  /** Only entries whose pages exist are shown; a function decides by session and tenant. */
  visible: boolean | ((context: MenuContext) => boolean);
};
