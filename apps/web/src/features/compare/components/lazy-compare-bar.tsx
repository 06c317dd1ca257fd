import { lazy, Suspense } from 'react';
import { useComparedListings } from '@/lib/compare-list';

const CompareBar = lazy(() => import('./compare-bar').then((m) => ({ default: m.CompareBar })));

/**
 * The compare bar, downloaded only once the buyer has picked a home: most visits never compare,
 * so its code stays out of the first download. Picks are read after hydration, so the server's
 * page and the first render in the browser both show no bar.
 */
export function LazyCompareBar() {
  if (useComparedListings().length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CompareBar />
    </Suspense>
  );
}
