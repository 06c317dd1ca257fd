/*
 * The server's renderer: the same route table, pages and data as the browser's, rendered to HTML
 * for one request at a time. Built apart from the browser's bundle (`vite build --ssr`) and loaded
 * by the API server, which answers every page path with it.
 */
import './lib/zod-config';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createElement, type ReactNode, StrictMode } from 'react';
import { type PipeableStream, renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes, loadRoute, type RouteOutcome } from './app/router';
import { sessionQueryKey } from './hooks/use-session';
import { type ApiFetch, configureApiClient } from './lib/api-client';
import { PublicOriginContext } from './lib/public-origin';
import { createQueryClient, QUERY_STATE_ELEMENT_ID } from './lib/query-client';
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
  /** The built index.html, brand filled in: its head (styles, scripts, preloads) is kept. */
  shell: string;
  /** Past this, whatever has not rendered is given up and the render fails. */
  timeoutMs: number;
};

export type RenderedPage = RouteOutcome & {
  /** Whether the page was rendered for a signed-in visitor. */
  signedIn: boolean;
  /** Writes the whole document (doctype included) to the response. */
  pipe: PipeableStream['pipe'];
};

/** A tag of the shell's head, as React props (`crossorigin` becomes `crossOrigin`). */
type HeadTag = { type: 'meta' | 'link' | 'script'; props: Record<string, string> };

const REACT_ATTRIBUTE_NAMES: Record<string, string> = {
  charset: 'charSet',
  crossorigin: 'crossOrigin',
  'http-equiv': 'httpEquiv',
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** An attribute's text as written in HTML, as plain text (React escapes it again). */
const decodeEntities = (text: string) =>
  text.replace(
    /&(?:#(\d+)|(\w+));/g,
    (entity, code: string | undefined, name: string | undefined) =>
      code ? String.fromCharCode(Number(code)) : (ENTITIES[name ?? ''] ?? entity),
  );

const attributesOf = (source: string) =>
  Object.fromEntries(
    [...source.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, name = '', value = '']) => [
      REACT_ATTRIBUTE_NAMES[name] ?? name,
      decodeEntities(value),
    ]),
  );

/**
 * The shell's head without its title (each page renders its own): the stylesheet, the module
 * script and its preloads as Vite built them, and the site-wide meta tags.
 */
function headTagsOf(shell: string): HeadTag[] {
  const head = /<head>([\s\S]*?)<\/head>/.exec(shell)?.[1] ?? '';
  return [...head.matchAll(/<(meta|link|script)\b([^>]*?)\/?>/g)].map(([, type, attributes]) => ({
    type: type as HeadTag['type'],
    props: attributesOf(attributes ?? ''),
  }));
}

function Document({
  lang,
  head,
  state,
  children,
}: {
  lang: string;
  head: HeadTag[];
  state: string;
  children: ReactNode;
}) {
  return (
    <html lang={lang}>
      <head>
        {head.map(({ type, props }, index) =>
          // The shell's tags never change while the server runs, so their order is their key.
          createElement(type, { key: index, ...props }),
        )}
      </head>
      <body>
        <div id="root">{children}</div>
        <script
          id={QUERY_STATE_ELEMENT_ID}
          type="application/json"
          // The data as JSON; `<` escaped, so no listing's text can close the script element.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON, see above
          dangerouslySetInnerHTML={{ __html: state }}
        />
      </body>
    </html>
  );
}

/** One visitor's queries: never shared, so no one's data reaches another visitor's page. */
function requestQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  // The page waits for its data: a failed load shows as the page's own retry in the browser.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return queryClient;
}

async function render(
  { url, shell, timeoutMs }: RenderRequest,
  publicUrl: string,
): Promise<RenderedPage> {
  const location = new URL(url, 'http://keyhaven.invalid');
  const queryClient = requestQueryClient();
  const outcome = await loadRoute(queryClient, {
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
  });
  const session = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
  const state = JSON.stringify(dehydrate(queryClient)).replaceAll('<', '\\u003c');
  const lang = /<html[^>]*\blang="([^"]+)"/.exec(shell)?.[1] ?? 'en';

  const document = (
    <Document lang={lang} head={headTagsOf(shell)} state={state}>
      <StrictMode>
        <PublicOriginContext value={publicUrl}>
          <AppProvider queryClient={queryClient}>
            <StaticRouter location={url}>
              <AppRoutes />
            </StaticRouter>
          </AppProvider>
        </PublicOriginContext>
      </StrictMode>
    </Document>
  );

  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    };
    const stream = renderToPipeableStream(document, {
      // Each boundary inline, where it stands, however large: the page's CSP runs no inline
      // script, so React's script that moves streamed-in boundaries into place could not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Everything, not just the shell: the page goes out whole, listings included, so it reads
      // without JavaScript and hydrates without a mismatch.
      onAllReady: () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...outcome, signedIn: Boolean(session?.user), pipe: stream.pipe });
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
