import { lazy, Suspense } from 'react';

const HomeAppsCard = lazy(() =>
  import('./components/home-apps-card').then((m) => ({ default: m.HomeAppsCard })),
);

/** The home's apps card, its own chunk: the home paints first, the card follows when its code arrives. */
export function HomeApps() {
  return (
    <Suspense fallback={null}>
      <HomeAppsCard />
    </Suspense>
  );
}
