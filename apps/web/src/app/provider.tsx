import { TIMINGS_MS } from '@keyhaven/shared/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { sessionQueryKey } from '@/hooks/use-session';
import { configureApiClient } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import type { SessionResponse } from '@/lib/user';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

const queryClient = createQueryClient();

// A 401 or 403 means the session is over: forget the user, and the guards send them to log in.
configureApiClient({
  onUnauthorized: () => queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null }),
});

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Nothing waits for the toaster: it arrives after the first page is up. */}
      <Suspense fallback={null}>
        <Toaster
          position="top-right"
          duration={TIMINGS_MS.toast}
          // Below the fixed navigation bar rather than over it.
          offset={{ top: '5rem' }}
          richColors
          closeButton
        />
      </Suspense>
    </QueryClientProvider>
  );
}
