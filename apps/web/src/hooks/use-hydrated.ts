import { createContext, useContext, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False while the server renders and while the browser takes its HTML over; true after. */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** True in the tree the server renders into HTML (entry-server.tsx provides it), false in the browser. */
export const ServerRenderingContext = createContext(false);

/** Whether this render is the server's, as opposed to the browser's own or its hydration. */
export const useRenderingOnServer = () => useContext(ServerRenderingContext);
