import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, replace } from 'react-router';
import * as paths from '@/shared/paths';

/**
 * spec §2.2/§6: the devices pages exist only when the device service is configured for the subscriber;
 * otherwise (or when the check fails) they give way to /panel, replacing the entry in the history. The
 * check's code (and the device contracts it brings) loads with the pages, not with the app.
 */
export const requireAcs =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    const { acsConfigured } = await import('./acs-configured');
    if (!(await acsConfigured(queryClient))) throw replace(paths.panel);
    return null;
  };
