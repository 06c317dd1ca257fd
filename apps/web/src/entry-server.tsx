/*
 * The server's renderer: the same route table, pages and data as the browser's, rendered to HTML
 * for one request at a time. Built apart from the browser's bundle (`vite build --ssr`) and loaded
 * by the API server, which answers every page path with it.
 */
import './lib/zod-config';
import { type PageFormOutcome, pageFormKey } from '@keyhaven/shared/constants';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { type PipeableStream, renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { filesOfPages, PAGE_FILES_ELEMENT_ID, type PageFilesManifest } from './app/page-files';
import { AppProvider } from './app/provider';
import { AppRoutes, loadRoute, type RouteOutcome } from './app/router';
import { ServerRenderingContext } from './hooks/use-hydrated';
import { sessionQueryKey } from './hooks/use-session';
import { type ApiFetch, configureApiClient } from './lib/api-client';
import { PublicOriginContext } from './lib/public-origin';
import { createQueryClient } from './lib/query-client';
import { QUERY_STATE_ELEMENT_ID } from './lib/query-state';
import type { SessionResponse } from './lib/user';

type RendererOptions = {
  /**
   * How the pages' data requests travel while a page renders: the server answers them itself,
   * for the request being rendered, with that visitor's cookie.
   */
  fetch: ApiFetch;
  /** The site's public address (PUBLIC_URL): canonical and link-preview addresses start with it. */
  publicUrl: string;
};

type RenderRequest = {
  /** The page's path and query, as the visitor asked for it. */
  url: string;
  /** The built index.html, brand filled in: the page goes into it, its head (styles, scripts, preloads) kept. */
  shell: string;
  /** Past this, whatever has not rendered is given up and the render fails. */
  timeoutMs: number;
  /** The outcome of a form posted to the page: the page shows it, in its data for hydration. */
  pageForm?: PageFormOutcome;
};

export type RenderedPage = RouteOutcome & {
  /** Whether the page was rendered for a signed-in visitor. */
  signedIn: boolean;
  /** Writes the app's HTML (what goes inside `#root`, after React's head tags) and ends. */
  pipe: PipeableStream['pipe'];
  /** The whole document around the app's HTML that `pipe` wrote. */
  documentFor: (appHtml: string) => string;
};

/**
 * What React writes ahead of the app when it renders no `<html>` of its own: the `<title>`,
 * `<meta>` and `<link>` tags the page renders, hoisted out of the tree. Every page starts with a
 * `<div>` or `<main>`, never one of these.
 */
const HOISTED_HEAD = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)*/;

/**
 * The shell (the built index.html) with the page in it: the page's own head tags in place of the
 * shell's title, the app inside `#root`, and the data it was rendered with after it.
 */
function documentAround(shell: string, appHtml: string, state: string, pageFiles: string) {
  const head = HOISTED_HEAD.exec(appHtml)?.[0] ?? '';
  const app = appHtml.slice(head.length);
  // Functions as replacements, so a `$` in a price is never read as a pattern.
  return shell
    .replace(/<title>[^<]*<\/title>/, () => '')
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${app}</div><script id="${QUERY_STATE_ELEMENT_ID}" type="application/json">${state}</script><script id="${PAGE_FILES_ELEMENT_ID}" type="application/json">${pageFiles}</script>`,
    );
}

/**
 * Every lazily loaded page's files in the browser's build, written in by this renderer's build
 * (`pageFiles` in `vite.config.ts`, which builds the browser's first). Without it, as in tests,
 * the browser finds a page's files as it loads it.
 */
const PAGE_FILES_MANIFEST = '__KEYHAVEN_PAGE_FILES__';
function readPageFilesManifest(): PageFilesManifest {
  try {
    return JSON.parse(PAGE_FILES_MANIFEST) as PageFilesManifest;
  } catch {
    return { files: [], pages: {} };
  }
}
const pageFilesManifest = readPageFilesManifest();

/** One visitor's queries: never shared, so no one's data reaches another visitor's page. */
function requestQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  // The page waits for its data: a failed load shows as the page's own retry in the browser.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return queryClient;
}

async function render(
  { url, shell, timeoutMs, pageForm }: RenderRequest,
  publicUrl: string,
): Promise<RenderedPage> {
  const location = new URL(url, 'http://keyhaven.invalid');
  const queryClient = requestQueryClient();
  if (pageForm) queryClient.setQueryData(pageFormKey(pageForm.form), pageForm);
  const outcome = await loadRoute(queryClient, {
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
  });
  const session = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
  // The data as JSON; `<` escaped, so no listing's text can close the script element.
  const state = JSON.stringify(dehydrate(queryClient)).replaceAll('<', '\\u003c');
  const pageFiles = JSON.stringify(filesOfPages(pageFilesManifest, outcome.pages));
  // A page that sends its visitor elsewhere is answered with the redirect alone.
  if (outcome.redirect) {
    return {
      ...outcome,
      signedIn: Boolean(session?.user),
      pipe: (destination) => destination.end() as typeof destination,
      documentFor: () => '',
    };
  }

  // The app alone, as the browser's root renders it, so every `useId` matches on hydration.
  const app = (
    <StrictMode>
      <ServerRenderingContext value={true}>
        <PublicOriginContext value={publicUrl}>
          <AppProvider queryClient={queryClient}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppProvider>
        </PublicOriginContext>
      </ServerRenderingContext>
    </StrictMode>
  );

  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    };
    const stream = renderToPipeableStream(app, {
      // Each boundary inline, where it stands, however large: the page's CSP runs no inline
      // script, so React's script that moves streamed-in boundaries into place could not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Everything, not just the shell: the page goes out whole, listings included, so it reads
      // without JavaScript and hydrates without a mismatch.
      onAllReady: () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({
          ...outcome,
          signedIn: Boolean(session?.user),
          pipe: stream.pipe,
          documentFor: (appHtml) => documentAround(shell, appHtml, state, pageFiles),
        });
      },
      onShellError: fail,
      // Any error, even one a Suspense boundary would hide: the browser's own render of the plain
      // shell then shows the page as it always has.
      onError: fail,
    });
    const timer = setTimeout(() => {
      fail(new Error(`Rendering ${location.pathname} took over ${timeoutMs} ms`));
      stream.abort();
    }, timeoutMs);
  });
}

/** Sets up the renderer once; `render` then serves one page request at a time. */
export function createPageRenderer({ fetch, publicUrl }: RendererOptions) {
  configureApiClient({ fetch });
  return { render: (request: RenderRequest) => render(request, publicUrl) };
}
