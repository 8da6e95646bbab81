import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';

const loadCard = () => import('./components/home-apps-card');
const HomeAppsCard = lazy(() => loadCard().then((m) => ({ default: m.HomeAppsCard })));

/** The card's code, then the subscriber's apps: what it needs to draw complete. */
export async function prefetchHomeApps(queryClient: QueryClient) {
  await (await loadCard()).prefetchHomeAppsData(queryClient);
}

/** The home's apps card, its own chunk: the home paints first, the card follows when its code arrives. */
export function HomeApps() {
  return (
    <Suspense fallback={null}>
      <HomeAppsCard />
    </Suspense>
  );
}
