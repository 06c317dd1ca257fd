import type { User } from '@keyhaven/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { sessionQueryKey } from '@/hooks/use-session';
import { createQueryClient } from '@/lib/query-client';

type AppOptions = {
  /** Who is signed in; nobody when left out. */
  signedInAs?: User;
  /** The address the page is opened at. */
  path?: string;
  /** The route pattern the page answers (`/make-offer/:id`); `path` itself when left out. */
  route?: string;
};

/** Stands in for every other page: it names the address the app went to. */
function OtherPage() {
  const { pathname } = useLocation();
  return <p>Now at {pathname}</p>;
}

/**
 * Renders `ui` inside what the app gives every page: the query cache configured as the app
 * configures it, a router at `path`, and the toaster, so toasts can be read like any text.
 * Navigating away shows 'Now at {path}'.
 */
export function renderInApp(ui: ReactElement, { signedInAs, path = '/', route }: AppOptions = {}) {
  const queryClient = createQueryClient();
  if (signedInAs) queryClient.setQueryData(sessionQueryKey, { user: signedInAs });
  // A file picker offers "All files" too, so files outside `accept` can be chosen. No pause between keystrokes: nothing here waits on typing speed.
  const user = userEvent.setup({ applyAccept: false, delay: null });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route ?? path} element={ui} />
          <Route path="*" element={<OtherPage />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, queryClient, ...view };
}
