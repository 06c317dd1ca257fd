import './lib/zod-config';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { BrowserRouter } from 'react-router';
import { createRoot, hydrateRoot } from './app/dom-renderer';
import { announceAppReady } from './app/early-interactions';
import { AppProvider } from './app/provider';
import { AppRoutes, preloadPages, routeMatches } from './app/router';
import { HydrationScope } from './hooks/use-hydrated';
import { sessionQueryKey } from './hooks/use-session';
import { configureApiClient } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { QUERY_STATE_ELEMENT_ID } from './lib/query-state';
import type { SessionResponse } from './lib/user';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();

// A 401 or 403 means the session is over: forget the user, and the guards send them to log in.
configureApiClient({
  onUnauthorized: () => queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null }),
});

const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>
);

// A page the server rendered carries the data it was rendered with: the visitor's session and the
// page's listings. Taken in before the page is hydrated, so nothing is asked for twice.
const serverState = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
if (serverState) {
  // Each step in a task of its own (the app's code has just been run in one), so none holds the
  // main thread long: the data, then the page's routes (matching the route table the first time
  // costs a phone about 15 ms), then the page's own code, so hydration finds the page the server
  // rendered rather than a spinner, then hydration itself. As a transition, hydration works in
  // short slices between which the browser answers input.
  const nextTask = () => new Promise((resolve) => setTimeout(resolve));
  nextTask()
    .then(() => hydrate(queryClient, JSON.parse(serverState) as DehydratedState))
    .then(nextTask)
    .then(() => routeMatches(window.location))
    .then(nextTask)
    .then(() => preloadPages(window.location))
    .catch(() => {})
    .then(() =>
      startTransition(() => {
        hydrateRoot(root, <HydrationScope onAlive={announceAppReady}>{app}</HydrationScope>);
      }),
    );
} else {
  // The plain shell (the server could not render this page): the browser renders it all, and
  // nothing was on screen to be clicked before it.
  announceAppReady();
  createRoot(root).render(app);
}
