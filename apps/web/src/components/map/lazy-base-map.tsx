import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import type { BaseMapProps } from './base-map';

const BaseMap = lazy(() => import('./base-map'));

const noSubscription = () => () => {};

/** False on the server and while hydrating, true from the first render after hydration. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

let webGlSupported: boolean | undefined;

/** Whether this browser can draw the map at all (it needs WebGL). Asked once. */
function canDrawMaps() {
  if (webGlSupported === undefined) {
    const canvas = document.createElement('canvas');
    webGlSupported = Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  }
  return webGlSupported;
}

export const MAP_TEXTS = {
  loading: 'Loading map…',
  unsupported: 'This browser cannot show the map.',
} as const;

function MapPlaceholder({ className, text }: { className?: string; text: string }) {
  return (
    <div
      className={cn(
        'flex items-center justify-center rounded-md border bg-muted text-sm text-muted-foreground',
        className,
      )}
    >
      {text}
    </div>
  );
}

/**
 * Renders `children` (a lazily loaded map) only in the browser once the page is hydrated: the
 * server and the first render in the browser show the same box of the same size, so hydration
 * matches and the map's code stays out of the page's first download.
 */
export function MapWhenReady({ className, children }: { className?: string; children: ReactNode }) {
  const hydrated = useHydrated();
  if (!hydrated) return <MapPlaceholder className={className} text={MAP_TEXTS.loading} />;
  if (!canDrawMaps()) return <MapPlaceholder className={className} text={MAP_TEXTS.unsupported} />;
  return (
    <Suspense fallback={<MapPlaceholder className={className} text={MAP_TEXTS.loading} />}>
      {children}
    </Suspense>
  );
}

/** The base map, downloaded when a page first shows it. `className` sizes it and its fallback. */
export function LazyBaseMap(props: BaseMapProps) {
  return (
    <MapWhenReady className={props.className}>
      <BaseMap {...props} />
    </MapWhenReady>
  );
}
