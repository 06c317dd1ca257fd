import { lazy, Suspense } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';

const NotificationBell = lazy(() =>
  import('./notification-bell').then((m) => ({ default: m.NotificationBell })),
);

/** Holds the bell's place while its code arrives, so the bar does not shift. */
const placeholder = <span aria-hidden="true" className="size-10 shrink-0" />;

/**
 * The notification bell of a signed-in visitor. Its code (the panel, the live count, the answers'
 * checks) downloads after the page is up, so the first download does not grow; the server
 * renders its place only.
 */
export function LazyNotificationBell({ userId }: { userId: string }) {
  if (!useHydrated()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationBell userId={userId} />
    </Suspense>
  );
}
