import { messages } from '@central/domain';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import { type Theme, ThemeProvider } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { Outlet } from 'react-router';
import { FullScreenSpinner } from '@/shared/components/full-screen-spinner';
import { MessagePage } from '@/shared/components/message-page';
import { NavigationProgress } from '@/shared/components/navigation-progress';
import { isApiError } from '@/shared/http';
import { TenantContext } from '@/shared/tenant';
import { buildTheme } from '../theme';
import { tenantThemeQueryOptions } from './api';

/** Until the provider's theme arrives (its spinner, its error page): made only when needed. */
let neutralTheme: Theme | undefined;
const getNeutralTheme = () => {
  neutralTheme ??= buildTheme();
  return neutralTheme;
};

const TenantNotFoundPage = lazy(() =>
  import('./tenant-not-found-page').then((m) => ({ default: m.TenantNotFoundPage })),
);

function setFavicon(href: string) {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.href = href;
}

/** Loads the tenant's theme before anything else; an unknown tenant replaces the whole app (spec §1). */
export function TenantGate({ children }: { children: ReactNode }) {
  const { data: tenant, error, isFetching, refetch } = useQuery(tenantThemeQueryOptions());
  const theme = useMemo(() => (tenant ? buildTheme(tenant) : getNeutralTheme()), [tenant]);

  useEffect(() => {
    if (!tenant) return;
    if (tenant.favicon_url) setFavicon(tenant.favicon_url);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.primary.main);
  }, [tenant, theme]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {tenant ? (
        <TenantContext value={tenant}>{children}</TenantContext>
      ) : error && !isFetching ? (
        <TenantError error={error} retry={() => refetch()} />
      ) : (
        <FullScreenSpinner />
      )}
    </ThemeProvider>
  );
}

/** The subscriber's areas (spec §2.1, §2.2) as a layout route: the back office needs no tenant. */
export function TenantLayout() {
  return (
    <TenantGate>
      <NavigationProgress />
      <Outlet />
    </TenantGate>
  );
}

function TenantError({ error, retry }: { error: Error; retry: () => void }) {
  if (isApiError(error) && error.status === 404) {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <TenantNotFoundPage />
      </Suspense>
    );
  }
  return (
    <MessagePage
      title={messages.generic}
      text="Verifique a sua conexão com a internet e tente novamente."
      action={
        <Button variant="contained" onClick={retry}>
          Tentar novamente
        </Button>
      }
    />
  );
}
