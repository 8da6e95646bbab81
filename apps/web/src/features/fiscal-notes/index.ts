import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';

export { fiscalNotesMenuEntry } from './menu';

export const fiscalNoteRoutes: RouteObject[] = [
  {
    path: paths.fiscalNotes,
    lazy: () => import('./pages/fiscal-notes-page').then((m) => ({ Component: m.FiscalNotesPage })),
  },
];
