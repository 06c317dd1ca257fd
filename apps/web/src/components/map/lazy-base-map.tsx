import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/cn';
import type { BaseMapProps } from './base-map';

const BaseMap = lazy(() => import('./base-map'));

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

type MapPlaceholderProps = {
  className?: string;
  text: string;
  ref?: RefObject<HTMLDivElement | null>;
};

function MapPlaceholder({ className, text, ref }: MapPlaceholderProps) {
  return (
    <div
      ref={ref}
      className={cn(
        'flex items-center justify-center rounded-md border bg-muted text-sm text-muted-foreground',
        className,
      )}
    >
      {text}
    </div>
  );
}

/** How far below the viewport a map starts loading, so it is drawn before the scroll reaches it. */
const NEAR_VIEWPORT_MARGIN = '300px';

/**
 * Whether the element has come near the viewport. A map drawn while the page is still settling
 * holds the main thread for a second on a phone; one below the fold waits until it is wanted.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>, enabled: boolean) {
  const [near, setNear] = useState(!enabled);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${NEAR_VIEWPORT_MARGIN} 0px ${NEAR_VIEWPORT_MARGIN} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  });
  return near;
}

type MapWhenReadyProps = {
  className?: string;
  children: ReactNode;
  /** Wait until the map's box comes near the viewport (a map further down a page). */
  whenNearViewport?: boolean;
};

/**
 * Renders `children` (a lazily loaded map) only in the browser once the page is hydrated: the
 * server and the first render in the browser show the same box of the same size, so hydration
 * matches and the map's code stays out of the page's first download.
 */
export function MapWhenReady({ className, children, whenNearViewport = false }: MapWhenReadyProps) {
  const hydrated = useHydrated();
  const placeholderRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(placeholderRef, whenNearViewport);
  if (!hydrated || !near) {
    return <MapPlaceholder ref={placeholderRef} className={className} text={MAP_TEXTS.loading} />;
  }
  if (!canDrawMaps()) return <MapPlaceholder className={className} text={MAP_TEXTS.unsupported} />;
  return (
    <Suspense fallback={<MapPlaceholder className={className} text={MAP_TEXTS.loading} />}>
      {children}
    </Suspense>
  );
}

/** The base map, downloaded when a page first shows it. `className` sizes it and its fallback. */
export function LazyBaseMap({
  whenNearViewport,
  ...props
}: BaseMapProps & { whenNearViewport?: boolean }) {
  return (
    <MapWhenReady className={props.className} whenNearViewport={whenNearViewport}>
      <BaseMap {...props} />
    </MapWhenReady>
  );
}
