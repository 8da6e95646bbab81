import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';

/** The staff's back office: its pages (and their admin guard) land here. */
export const admRoutes: RouteObject = { path: paths.adm, children: [] };
