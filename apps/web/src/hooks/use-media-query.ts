import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    // The server knows no screen: it renders the narrow layout, and the browser switches once the
    // page is hydrated.
    () => false,
  );
}

/**
 * Wide enough for a dashboard table: from 80rem the content column next to the sidebar is as wide
 * as it gets (the page is capped at 80rem), and every table is laid out to fit it.
 */
export const WIDE_DASHBOARD = '(min-width: 80rem)';
