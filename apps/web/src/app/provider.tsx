import { TIMINGS_MS } from '@keyhaven/shared/constants';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

type AppProviderProps = {
  /** One per visitor: the browser's for the visit, or the server's for one request. */
  queryClient: QueryClient;
  children: ReactNode;
};

export function AppProvider({ queryClient, children }: AppProviderProps) {
  // Toasts only ever answer something the visitor did, so the server has none to render.
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Nothing waits for the toaster: it arrives after the first page is up. */}
      {hydrated && (
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
      )}
    </QueryClientProvider>
  );
}
