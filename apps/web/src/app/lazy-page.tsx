import { type ComponentType, lazy, useSyncExternalStore } from 'react';

/*
 * Pages load on demand. Navigations run as React transitions, so the current page stays up while
 * the next one's code downloads; this counts those downloads so the frame can show it is busy.
 */
let pending = 0;
const listeners = new Set<() => void>();

function setPending(next: number) {
  pending = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether some page's code is still downloading. */
export function usePageLoading() {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}

/** A page component whose module is fetched the first time it renders. */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return lazy(async () => {
    setPending(pending + 1);
    try {
      return { default: await load() };
    } finally {
      setPending(pending - 1);
    }
  });
}
