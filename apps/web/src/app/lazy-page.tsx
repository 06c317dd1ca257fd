import { type ComponentType, createElement, lazy, useSyncExternalStore } from 'react';
import { requestPageFiles } from './page-files';

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

/**
 * A page component whose module is fetched the first time it renders, or on `preload()`;
 * `prefetch()` only asks for its files, to have them at hand when the visitor opens the page.
 */
type LazyPage<Props extends object> = ComponentType<Props> & {
  preload: () => Promise<unknown>;
  prefetch: () => Promise<unknown>;
  pageName: string;
};

/** `name` is the page module's file name, which names its chunk in the build's page files. */
export function lazyPage<Props extends object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
): LazyPage<Props> {
  let module: Promise<{ default: ComponentType<Props> }> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const prefetch = () => requestPageFiles(name);
  const preload = () => {
    if (!module) {
      setPending(pending + 1);
      module = prefetch()
        .then(load)
        .then((component) => {
          loaded = component;
          return { default: component };
        })
        .finally(() => setPending(pending - 1));
    }
    return module;
  };
  const OnDemand = lazy(preload);
  /*
   * Once its code is here the page renders at once. The first page of a visit is preloaded before
   * the server's HTML is hydrated, so the visitor's page is taken over as it stands rather than
   * waiting on a suspended lazy component.
   */
  function Page(props: Props) {
    return createElement(loaded ?? OnDemand, props);
  }
  return Object.assign(Page, { preload, prefetch, pageName: name });
}

/** Whether an element is a lazy page, so its code can be fetched ahead of rendering it. */
export function isLazyPage(type: unknown): type is LazyPage<object> {
  return typeof type === 'function' && 'preload' in type;
}
