import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { keepsScroll } from '@/lib/keep-scroll';

const STORAGE_KEY = 'keyhaven.scroll-positions';

function readPositions(): Record<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof stored === 'object' && stored !== null ? stored : {};
  } catch {
    return {};
  }
}

const positions = readPositions();

/** How long a page may take to grow back to a saved position before we stop trying. */
const RESTORE_WAIT_MS = 2000;
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to `top`, again each time the page grows while its sections and data arrive, until it
 * gets there, the visitor scrolls on their own, or the wait is over. Returns the cleanup.
 */
function scrollWhenTallEnough(top: number) {
  window.scrollTo(0, top);
  if (Math.abs(window.scrollY - top) < 1) return undefined;
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) < 1) stop();
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  const timer = setTimeout(stop, RESTORE_WAIT_MS);
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  observer.observe(document.body);
  return stop;
}

/**
 * A new page starts at the top (or at its `#hash`) unless the navigation asked to `KEEP_SCROLL`;
 * Back and Forward, and a reload, return to where that page was left. The browser's own restoration
 * cannot do this for pages drawn after load.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  // Positions are recorded while scrolling, against the entry on screen: scroll events arrive
  // after React commits, so the key must switch in the same layout effect that scrolls.
  const shownKey = useRef(location.key);
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const record = () => {
      positions[shownKey.current] = window.scrollY;
    };
    const save = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    shownKey.current = location.key;
    const saved = positions[location.key];
    if (navigationType === 'POP' && saved !== undefined) {
      return scrollWhenTallEnough(saved);
    } else if (keepsScroll(location.state)) {
      // The page redrew part of itself; the visitor stays where they were.
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }, [location.key, location.hash, location.state, navigationType]);

  return null;
}
