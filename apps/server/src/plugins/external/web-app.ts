import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { PageFormOutcome } from '@keyhaven/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { type PageRenderer, pageRendererFor, type RenderedPage } from './page-renderer.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

declare module 'fastify' {
  interface FastifyReply {
    sendWebApp(answer?: PageAnswer): FastifyReply;
  }
}

/** How a page answers a form posted to it: its status, and the outcome it shows. */
export type PageAnswer = { status: number; pageForm: PageFormOutcome };

/** Anonymous pages: shared caches may keep them a minute, so a listing change shows soon after. */
const PUBLIC_PAGE_CACHE = 'public, max-age=60';

/** The better-auth session cookie (`__Secure-` prefixed over HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?keyhaven\.session_token=/;

/**
 * When the data a page was rendered with arrived: different on every render of the same page, so
 * left out of its ETag, which changes only when what the page shows does.
 */
const RENDER_TIMESTAMPS = /"[A-Za-z]+At":\d+/g;

const etagOf = (html: string) =>
  `"${createHash('sha256').update(html.replace(RENDER_TIMESTAMPS, '')).digest('base64url').slice(0, 32)}"`;

/** Whether the browser's `If-None-Match` names the page's current ETag (compared weakly). */
const matchesEtag = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch
    ?.split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*') ?? false;

/** A script written inside the page (no `src`) that the browser runs: not a JSON data block. */
const INLINE_SCRIPT =
  /<script(?![^>]*\ssrc=)(?:\s+type="(module|text\/javascript)")?>([\s\S]*?)<\/script>/g;

/**
 * The content-security-policy sources that allow the built page's own inline scripts (the few
 * lines that start the app once the page has painted), by their hash: no other inline script
 * may run. None without a build.
 */
export function pageScriptSources(distDir: string): string[] {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) return [];
  const html = readFileSync(indexPath, 'utf8');
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, , code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
}

/** The app's rendered HTML as one string: the document is built around it. */
function appHtmlOf(page: RenderedPage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const collector = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    collector.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    collector.on('error', reject);
    page.pipe(collector);
  });
}

/**
 * Serves the web app: hashed assets are cached for a year, and every path the API does not own
 * gets its page rendered on the server with its data (React's `renderToPipeableStream`, through
 * the web's SSR bundle), which the browser then hydrates. Without a built renderer, or when one
 * fails, the page goes out as the plain shell (index.html, brand filled in) that renders in the
 * browser, so no page ever fails because of server rendering.
 */
export const webAppPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      distDir: string;
      brandName: string;
      /** How long a page may take to load its data and render before the plain shell goes. */
      renderTimeoutMs: number;
      /** Whether a path is a page's; any other goes to the not-found handler. */
      isPagePath: (pathname: string) => boolean;
    },
  ) => {
    const indexPath = path.join(options.distDir, 'index.html');
    const built = existsSync(indexPath);
    const indexHtml = built
      ? readFileSync(indexPath, 'utf8').replaceAll('%BRAND_NAME%', escapeHtml(options.brandName))
      : `<!doctype html><html lang="en"><head><title>${escapeHtml(options.brandName)}</title></head><body><p>The web app is not built. Run <code>npm run build</code>.</p></body></html>`;
    // `npm run build` writes the renderer beside the browser's build (apps/web/dist-ssr).
    const ssrEntry = path.join(options.distDir, '..', 'dist-ssr', 'entry-server.js');
    const renderer: PageRenderer | null = built
      ? pageRendererFor(app, ssrEntry, options.brandName)
      : null;

    if (existsSync(options.distDir)) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        globIgnore: ['index.html'],
        // The build writes each script and style compressed beside itself (`.br`, `.gz`): sent
        // as they are, not compressed again for every visitor.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header(
            'cache-control',
            hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    }

    const sendShell = (reply: FastifyReply, status = 200) =>
      reply
        .status(status)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);

    async function sendPage(reply: FastifyReply, pageRenderer: PageRenderer, answer?: PageAnswer) {
      const { request } = reply;
      let page: RenderedPage;
      try {
        page = await pageRenderer.render(
          request,
          indexHtml,
          options.renderTimeoutMs,
          answer?.pageForm,
        );
      } catch (error) {
        request.log.error({ err: error }, 'Rendering the page failed: sent the plain shell');
        return sendShell(reply, answer?.status);
      }
      // Where a page sends its visitor depends on who they are: never stored or shared.
      if (page.redirect) {
        return reply.header('cache-control', 'private, no-store').redirect(page.redirect);
      }
      const html = page.documentFor(await appHtmlOf(page));
      reply.status(page.notFound ? 404 : (answer?.status ?? 200)).type('text/html; charset=utf-8');

      // A signed-in visitor's page is theirs alone, and so is a page answering their form: it
      // is neither stored nor shared.
      const personal =
        Boolean(answer) ||
        page.signedIn ||
        page.signedInOnly ||
        SESSION_COOKIE.test(request.headers.cookie ?? '');
      if (personal) return reply.header('cache-control', 'private, no-store').send(html);

      const etag = etagOf(html);
      reply
        .header('cache-control', PUBLIC_PAGE_CACHE)
        // Weak: renders of one page differ in their timestamps and go out in several codings,
        // all the same page to its reader; a strong tag would promise the same bytes.
        .header('etag', `W/${etag}`)
        .header('vary', 'Cookie');
      if (!page.notFound && matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.status(304).send();
      }
      return reply.send(html);
    }

    app.decorateReply('sendWebApp', function (this: FastifyReply, answer?: PageAnswer) {
      if (!renderer) return sendShell(this, answer?.status);
      void sendPage(this, renderer, answer).catch((error: unknown) => {
        this.request.log.error({ err: error }, 'Sending the page failed');
        if (!this.sent) sendShell(this, answer?.status);
      });
      return this;
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendWebApp());
    // Every other page is a route too, not the not-found handler, so its HTML goes out
    // compressed like any answer (a signed-in catalogue page is over 100 KB uncompressed).
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      return options.isPagePath(pathname) ? reply.sendWebApp() : reply.callNotFound();
    });
  },
  { name: 'web-app' },
);
