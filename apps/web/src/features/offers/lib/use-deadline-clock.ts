import { useEffect, useState } from 'react';

/** setTimeout's longest delay (about 24.8 days); a later deadline is waited for in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The time a page of deadlines is judged by: it moves on when the next of `deadlines` passes, so
 * a button that waits for a deadline comes alive without a reload.
 */
export function useDeadlineClock(deadlines: ReadonlyArray<string | null>): number {
  const [now, setNow] = useState(() => Date.now());
  let next: number | undefined;
  for (const deadline of deadlines) {
    const at = deadline ? Date.parse(deadline) : Number.NaN;
    if (at > now && (next === undefined || at < next)) next = at;
  }
  useEffect(() => {
    if (next === undefined) return;
    const at = next;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = () => {
      // A second after the deadline, so the server agrees that it has passed.
      const remaining = at + 1000 - Date.now();
      if (remaining <= 0) setNow(Date.now());
      else timer = setTimeout(wait, Math.min(remaining, MAX_DELAY_MS));
    };
    wait();
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}
