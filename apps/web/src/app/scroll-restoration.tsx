import { useEffect, useLayoutEffect } from 'react';
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

/**
 * A new page starts at the top (or at its `#hash`) unless the navigation asked to `KEEP_SCROLL`;
 * Back and Forward, and a reload, return to where that page was left. The browser's own restoration cannot do this for pages drawn after load.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  // Recorded while scrolling: by the time a navigation commits, the old page is already gone.
  useEffect(() => {
    const record = () => {
      positions[location.key] = window.scrollY;
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [location.key]);

  useLayoutEffect(() => {
    const saved = positions[location.key];
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
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
