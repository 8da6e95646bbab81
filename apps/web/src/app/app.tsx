import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import * as paths from '@/shared/paths';
import { clearSessionData } from '@/shared/session';
import { SnackbarProvider } from '@/shared/snackbar';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { TenantGate } from './tenant/tenant-gate';

const queryClient = createQueryClient(() => {
  clearSessionData(queryClient);
  void router.navigate(paths.root, { replace: true });
});
// Created at start-up so the first page's chunk and session check load while the theme does.
const router = createAppRouter(queryClient);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <TenantGate>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </TenantGate>
    </QueryClientProvider>
  );
}
