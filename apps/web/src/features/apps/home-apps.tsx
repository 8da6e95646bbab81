import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';

const loadCard = () => import('./components/home-apps-card');
const HomeAppsCard = lazy(() => loadCard().then((m) => ({ default: m.HomeAppsCard })));

/** The card's code, then the subscriber's apps: what it needs to draw complete. */
export async function prefetchHomeApps(queryClient: QueryClient) {
  await (await loadCard()).prefetchHomeAppsData(queryClient);
}

/**
 * The home's apps card, its own chunk: the home's loader fetches it with the apps, so the home is drawn
 * with it; after a page change the card may follow the home when its code arrives.
 */
export function HomeApps() {
  return (
    <Suspense fallback={null}>
      <HomeAppsCard />
    </Suspense>
  );
}
