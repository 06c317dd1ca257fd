import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False while the server renders and while the browser takes its HTML over; true after. */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
