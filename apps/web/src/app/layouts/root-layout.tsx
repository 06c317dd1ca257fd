import { UNHANDLED_PAGE_FORM } from '@keyhaven/shared/constants';
import { type MouseEvent, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Notice } from '@/components/ui/notice';
import { PageSpinner } from '@/components/ui/spinner';
import { LazyVerifyEmailBanner } from '@/features/auth/components/lazy-verify-email-banner';
import { LazyCompareBar } from '@/features/compare/components/lazy-compare-bar';
import { GenericErrorPage } from '@/features/errors/pages/generic-error-page';
import { usePageForm } from '@/lib/page-form';
import { ErrorBoundary } from '../error-boundary';
import { usePageLoading } from '../lazy-page';
import { ScrollRestoration } from '../scroll-restoration';
import { Footer } from './footer';
import { Navbar } from './navbar';

const MAIN_ID = 'main';

function SkipLink() {
  // Focus moves without touching the URL, so the router does not see a navigation.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={onClick}
      className="sr-only z-50 rounded-lg bg-teal-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}

/** A thin bar while the next page's code loads, since the current page stays up meanwhile. */
function NavigationProgress() {
  if (!usePageLoading()) return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-16 z-40 h-1 overflow-hidden bg-teal-100">
      <div className="h-full w-1/3 animate-pulse bg-teal-700" />
    </div>
  );
}

/** A form posted to this page that the server could not perform without the app says so here. */
function UnhandledPageForm() {
  const message = usePageForm(UNHANDLED_PAGE_FORM)?.message;
  if (!message) return null;
  return (
    <Notice tone="error" role="alert" className="mx-auto mt-4 w-full max-w-7xl">
      {message}
    </Notice>
  );
}

/** The shared frame of every page: fixed navigation, the page, the footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {/*
        The frame's parts are hydrated one at a time (each boundary is its own step), so taking the
        page over never holds the main thread for the whole page at once.
      */}
      <Suspense fallback={null}>
        <Navbar />
      </Suspense>
      <NavigationProgress />
      {/*
        pt-16 keeps content clear of the fixed 4rem navigation bar. At least a screen tall, so the
        footer starts below the fold and does not jump down when the page's data arrives.
      */}
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="flex min-h-dvh flex-1 flex-col pt-16 outline-none"
      >
        <LazyVerifyEmailBanner />
        <UnhandledPageForm />
        <ErrorBoundary fallback={<GenericErrorPage />} resetKey={pathname}>
          {/* Only the first page of a visit shows this; later ones load while the last stays up. */}
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <LazyCompareBar />
      <ScrollRestoration />
    </div>
  );
}
