import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

/** How far below the viewport the sections start loading, so they are there before a scroll is. */
const PRELOAD_MARGIN = '800px';
/** When nothing scrolls, they load anyway once the browser is idle after the first page. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Content below the fold, kept out of the first download: `children` (a lazy component) renders,
 * and so has its code fetched, once the page has loaded and the browser is idle, or earlier when
 * the visitor scrolls near it. Until then a screen-high placeholder holds the footer in place.
 */
export function DeferredUntilIdle({ children }: { children: ReactNode }) {
  const placeholderRef = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    // Safari has no requestIdleCallback: a short timer stands in for it.
    const idleSupported = typeof window.requestIdleCallback === 'function';
    let idle: number | undefined;
    const whenIdle = () => {
      idle = idleSupported
        ? window.requestIdleCallback(want, { timeout: IDLE_TIMEOUT_MS })
        : window.setTimeout(want, IDLE_TIMEOUT_MS / 2);
    };
    // Not before the page has loaded: the first download and its requests come first.
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });

    const placeholder = placeholderRef.current;
    const observer =
      placeholder && typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) want();
            },
            { rootMargin: `0px 0px ${PRELOAD_MARGIN} 0px` },
          )
        : null;
    if (observer && placeholder) observer.observe(placeholder);

    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) {
        if (idleSupported) window.cancelIdleCallback(idle);
        else window.clearTimeout(idle);
      }
      observer?.disconnect();
    };
  }, [wanted]);

  const placeholder = <div ref={placeholderRef} aria-hidden="true" className="min-h-dvh" />;
  if (!wanted) return placeholder;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
