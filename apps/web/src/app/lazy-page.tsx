import { type ComponentType, lazy, useSyncExternalStore } from 'react';

/*
 * Pages load on demand. Navigations run as React transitions, so the current page stays up while
 * the next one's code downloads; this counts those downloads so the frame can show it is busy.
 */
let pending = 0;
const listeners = new Set<() => void>();

function setPending(next: number) {
  pending = next;
  // Downloads start while React renders; listeners hear of it once that render is over.
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
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

/** A page component whose module is fetched the first time it renders, or on `preload()`. */
type LazyPage<Props extends object> = ComponentType<Props> & {
  preload: () => Promise<unknown>;
};

export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyPage<Props> {
  let module: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () => {
    if (!module) {
      setPending(pending + 1);
      module = load()
        .then((component) => ({ default: component }))
        .finally(() => setPending(pending - 1));
    }
    return module;
  };
  return Object.assign(lazy(preload), { preload });
}

/** Whether an element is a lazy page, so its code can be fetched ahead of rendering it. */
export function isLazyPage(type: unknown): type is LazyPage<object> {
  return typeof type === 'object' && type !== null && 'preload' in type;
}
