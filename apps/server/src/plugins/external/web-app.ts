import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

declare module 'fastify' {
  interface FastifyReply {
    sendWebApp(): FastifyReply;
  }
}

/**
 * Serves the built web app: hashed assets are cached for a year, and index.html (with the brand
 * filled in) answers every path the API does not own, so the client router can take over.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { distDir: string; brandName: string }) => {
    const indexPath = path.join(options.distDir, 'index.html');
    const indexHtml = existsSync(indexPath)
      ? readFileSync(indexPath, 'utf8').replaceAll('%BRAND_NAME%', escapeHtml(options.brandName))
      : `<!doctype html><html lang="en"><head><title>${escapeHtml(options.brandName)}</title></head><body><p>The web app is not built. Run <code>npm run build</code>.</p></body></html>`;

    if (existsSync(options.distDir)) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        globIgnore: ['index.html'],
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

    app.decorateReply('sendWebApp', function (this: FastifyReply) {
      return this.header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendWebApp());
  },
  { name: 'web-app' },
);
