import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';

const loadCard = () => import('./components/home-apps-card');
const HomeAppsCard = lazy(() => loadCard().then((m) => ({ default: m.HomeAppsCard })));

/** The card's code, then the subscriber's apps: what it needs to draw complete. */
export async function prefetchHomeApps(queryClient: QueryClient) {
  await (await loadCard()).prefetchHomeAppsData(queryClient);
}

/**
 * The home's apps card, its own chunk: the home's loader fetches it with the apps. `lazy` still suspends
 * once, so the card is drawn in a render of its own right after the home's: two shorter tasks on a cheap
 * phone instead of one long one (drawn in the home's render, Lighthouse's panel median fell from 81 to 75).
 */
export function HomeApps() {
  return (
    <Suspense fallback={null}>
      <HomeAppsCard />
    </Suspense>
  );
}
