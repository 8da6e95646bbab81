import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';

type CardModule = typeof import('./components/home-apps-card');
/** The card's module once it has loaded: drawn at once then, not suspended for a promise already kept. */
let loaded: CardModule | undefined;
const loadCard = () =>
  import('./components/home-apps-card').then((m) => {
    loaded = m;
    return m;
  });
const LazyHomeAppsCard = lazy(() => loadCard().then((m) => ({ default: m.HomeAppsCard })));

/** The card's code, then the subscriber's apps: what it needs to draw complete. */
export async function prefetchHomeApps(queryClient: QueryClient) {
  await (await loadCard()).prefetchHomeAppsData(queryClient);
}

/**
 * The home's apps card, its own chunk: the home's loader fetches it with the apps, so the home is drawn
 * with it, in the same render; otherwise the card follows the home when its code arrives.
 */
export function HomeApps() {
  // Chosen once per mount, so that the card is never swapped (and remounted) when its code arrives.
  const [Card] = useState(() => loaded?.HomeAppsCard ?? LazyHomeAppsCard);
  return (
    <Suspense fallback={null}>
      <Card />
    </Suspense>
  );
}
