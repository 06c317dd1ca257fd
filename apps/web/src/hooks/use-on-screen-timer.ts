import { useEffect, useRef } from 'react';

/**
 * Calls `onElapsed` once `ms` have passed since the component was first on screen, rather than
 * since it rendered: a slow phone can take most of a second between the two, and a confirmation
 * that closes by itself must stay its whole time where people can read it. The clock starts two
 * animation frames after the component mounts: the first frame paints it, the second comes after
 * that paint. A page in a background tab paints nothing, so its clock waits until it is seen.
 */
export function useOnScreenTimer(ms: number, onElapsed: () => void) {
  // The latest callback, without restarting the clock every time the caller re-renders.
  const latest = useRef(onElapsed);
  latest.current = onElapsed;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => latest.current(), ms);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ms]);
}
