import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { OfflineNotice } from '@/shared/components/offline-notice';
import * as paths from '@/shared/paths';
import { clearSessionData } from '@/shared/session';
import { SnackbarProvider } from '@/shared/snackbar';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { styleCache } from './style-cache';
import { centralTheme } from './theme';

const queryClient = createQueryClient(() => {
  // The back office has sessions of its own: its layouts send their users to their own sign-in.
  if (paths.isBackOffice(router.state.location.pathname)) return;
  clearSessionData(queryClient);
  void router.navigate(paths.root, { replace: true });
});
// Created at start-up so the first page's chunk and session check load while the theme does.
const router = createAppRouter(queryClient);

/**
 * Resolves once the router has the first page ready to draw (its chunks and its loaders' answers), or
 * after `maxMs`: drawn then, the first paint is the page itself instead of a spinner followed by it.
 */
export function firstPageReady(maxMs: number): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, maxMs);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

/** The subscriber's areas take the provider's theme under `TenantLayout`; the back office keeps this one. */
export function App() {
  return (
    <CacheProvider value={styleCache}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={centralTheme}>
          <SnackbarProvider>
            <RouterProvider router={router} />
            <OfflineNotice />
          </SnackbarProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </CacheProvider>
  );
}
