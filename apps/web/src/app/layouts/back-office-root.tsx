import CssBaseline from '@mui/material/CssBaseline';
import { Outlet } from 'react-router';
import { NavigationProgress } from '@/shared/components/navigation-progress';

/** The back office's areas (spec §2.4): the app's neutral Central theme, no provider's. */
export function BackOfficeRoot() {
  return (
    <>
      {/* The subscriber's areas have theirs under the provider's theme (TenantGate). */}
      <CssBaseline />
      <NavigationProgress />
      <Outlet />
    </>
  );
}
