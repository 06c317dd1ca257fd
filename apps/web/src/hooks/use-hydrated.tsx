import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useState,
} from 'react';

/** True in the tree the server renders into HTML (entry-server.tsx provides it), false in the browser. */
export const ServerRenderingContext = createContext(false);

/** Whether this render is the server's, as opposed to the browser's own or its hydration. */
export const useRenderingOnServer = () => useContext(ServerRenderingContext);

/** Whether the browser's page has come alive; what the browser draws alone is alive at once. */
const PageAliveContext = createContext(true);

/** False while the server renders and while the browser takes its HTML over; true after. */
export function useHydrated() {
  const alive = useContext(PageAliveContext);
  const onServer = useRenderingOnServer();
  return alive && !onServer;
}

/**
 * Wraps the app as it takes over the page the server rendered: its parts render as the server
 * drew them, then come alive together in a transition, in short slices between which the browser
 * answers input, rather than in one long task as the page starts.
 */
export function HydrationScope({
  children,
  onAlive,
}: {
  children: ReactNode;
  /** Called once every part has come alive and answers its controls. */
  onAlive?: () => void;
}) {
  const [alive, setAlive] = useState(false);
  useEffect(() => startTransition(() => setAlive(true)), []);
  // A parent's effects run after its children's: every part has committed its live render.
  useEffect(() => {
    if (alive) onAlive?.();
  }, [alive, onAlive]);
  return <PageAliveContext value={alive}>{children}</PageAliveContext>;
}
