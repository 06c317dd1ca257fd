import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { PageFormOutcome } from '@keyhaven/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageRenderMark } from '../../lib/page-render-mark.js';

/** A page the web app's server renderer has rendered, ready to be written out. */
export type RenderedPage = {
  /** No route of the web app matches: its Not Found page. */
  notFound: boolean;
  /** The page is one only signed-in visitors see. */
  signedInOnly: boolean;
  /** Where the page sends its visitor instead (a guard, a moved address); nothing to write. */
  redirect: string | null;
  /** It was rendered for a signed-in visitor. */
  signedIn: boolean;
  /** Writes the app's HTML to `destination`, and ends it. */
  pipe: (destination: Writable) => Writable;
  /** The whole document around the app's HTML. */
  documentFor: (appHtml: string) => string;
};

type RenderRequest = {
  url: string;
  shell: string;
  timeoutMs: number;
  /** The outcome of a form posted to the page, which it shows. */
  pageForm?: PageFormOutcome;
};

/** What the web's SSR bundle (apps/web/dist-ssr/entry-server.js) exports. */
type ServerEntry = {
  createPageRenderer(options: { fetch: typeof fetch; publicUrl: string }): {
    render(request: RenderRequest): Promise<RenderedPage>;
  };
};

export type PageRenderer = {
  render(
    request: FastifyRequest,
    shell: string,
    timeoutMs: number,
    pageForm?: PageFormOutcome,
  ): Promise<RenderedPage>;
};

/** The data requests of the page being rendered, answered for the visitor who asked for it. */
const requestFetch = new AsyncLocalStorage<typeof fetch>();

/**
 * Every page's data request goes through this one `fetch`, which hands it to the request being
 * rendered: the renderer is one module for the whole process, but each page reads with its own
 * visitor's cookie.
 */
const fetchOfCurrentRequest: typeof fetch = (input, init) => {
  const fetchForRequest = requestFetch.getStore();
  if (!fetchForRequest) {
    return Promise.reject(new Error('A page asked for data outside of a page request'));
  }
  return fetchForRequest(input, init);
};

type Renderer = ReturnType<ServerEntry['createPageRenderer']>;

/** The renderers loaded so far, one per SSR bundle (the process imports each once anyway). */
const loaded = new Map<string, Promise<Renderer>>();

function headersOf(injected: Record<string, string | string[] | number | undefined>) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(injected)) {
    if (value === undefined) continue;
    for (const each of [value].flat()) headers.append(name, String(each));
  }
  return headers;
}

/**
 * A `fetch` that answers inside this server, through the same routes, hooks and access rules as
 * any request, carrying the visitor's cookie. Pages only read while they render: anything else
 * (the sign-out after a refusal) is left to the browser.
 */
function fetchFor(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') throw new Error(`A page may only read while it renders, not ${method}`);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { cookie, host } = request.headers;
    const answer = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        accept: 'application/json',
        ...pageRenderMark(),
        ...(cookie ? { cookie } : {}),
        ...(host ? { host } : {}),
      },
    });
    const bodyless = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(bodyless ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: headersOf(answer.headers),
    });
  };
}

/**
 * The web app's server renderer, when it is built (`ssrEntry` exists); otherwise null and pages
 * go out as the plain shell. The bundle is imported by its built path, so the server's own build
 * never depends on the web's code.
 */
export function pageRendererFor(
  app: FastifyInstance,
  ssrEntry: string,
  brandName: string,
): PageRenderer | null {
  if (!existsSync(ssrEntry)) return null;
  const load = () => {
    let renderer = loaded.get(ssrEntry);
    if (!renderer) {
      // The web reads its brand from the page; on the server there is none, so it is named here.
      const global = globalThis as { keyhavenBrandName?: string };
      global.keyhavenBrandName ??= brandName;
      renderer = (import(pathToFileURL(ssrEntry).href) as Promise<ServerEntry>).then(
        ({ createPageRenderer }) =>
          createPageRenderer({ fetch: fetchOfCurrentRequest, publicUrl: app.config.publicUrl }),
      );
      // A broken bundle is tried again on the next page, not remembered.
      renderer.catch(() => loaded.delete(ssrEntry));
      loaded.set(ssrEntry, renderer);
    }
    return renderer;
  };

  return {
    async render(request, shell, timeoutMs, pageForm) {
      const { render } = await load();
      let timer: NodeJS.Timeout | undefined;
      // The page's data loads before React renders: a slow load is given up at the same limit.
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Rendering ${request.url} took over ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        return await Promise.race([
          requestFetch.run(fetchFor(app, request), () =>
            render({ url: request.url, shell, timeoutMs, pageForm }),
          ),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
