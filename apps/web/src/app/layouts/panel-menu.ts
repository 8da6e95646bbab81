import { cardsMenuEntry } from '@/features/cards';
import { connectionMenuEntry } from '@/features/connection';
import { contractsMenuEntry } from '@/features/contracts';
import { devicesMenuEntry } from '@/features/devices';
import { fiscalNotesMenuEntry } from '@/features/fiscal-notes';
import { invoicesMenuEntry } from '@/features/invoices';
import { notificationsMenuEntry } from '@/features/notifications';
import { homeMenuEntry } from '@/features/panel';
import { securityMenuEntry } from '@/features/security';
import { supportMenuEntry } from '@/features/support';
import type { MenuContext, MenuEntry } from '@/shared/menu';
import * as paths from '@/shared/paths';

/** spec §2.5: the side menu, in the spec's order. */
export const panelMenu: MenuEntry[] = [
  homeMenuEntry,
  notificationsMenuEntry,
  devicesMenuEntry,
  connectionMenuEntry,
  securityMenuEntry,
  cardsMenuEntry,
  invoicesMenuEntry,
  fiscalNotesMenuEntry,
  contractsMenuEntry,
  supportMenuEntry,
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
  return pathname === to || (to !== paths.panel && pathname.startsWith(`${to}/`));
}
