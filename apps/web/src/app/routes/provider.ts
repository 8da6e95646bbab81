import type { RouteObject } from 'react-router';
import * as paths from '@/shared/paths';

/** The providers' own area (e.g. their general notification): its pages land here. */
export const providerRoutes: RouteObject = { path: paths.provider, children: [] };
