import { useEffect, useState } from 'react';

/**
 * The viewer's own time zone, read once the page runs in their browser: the server that rendered
 * the page knows only its own, so the first paint shows the home's times alone.
 */
export function useBrowserZone() {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  }, []);
  return zone;
}
