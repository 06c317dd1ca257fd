import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.js';
import { mapSources } from './map-data.js';
import { buildMapStyle } from './map-style.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The basemap the web app's maps ask for at `/map/style.json`: our own offline style, or, when
 * MAP_STYLE_URL is set, a redirect to that hosted style. Not part of the API.
 */
export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  const hostedStyle = app.config.mapStyleUrl;
  let style: { body: string; etag: string } | undefined;

  app.get(
    '/map/style.json',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      if (hostedStyle) return reply.redirect(hostedStyle, 302);
      if (!style) {
        const sources = mapSources();
        const body = JSON.stringify(buildMapStyle(sources));
        const hashes = [...sources.values()].map((source) => source.hash);
        style = { body, etag: `"${hashes.join('.')}"` };
      }
      // Always asked again, so a new release's layers are picked up; unchanged, it costs a 304.
      reply.header('cache-control', 'no-cache').header('etag', style.etag);
      if (request.headers['if-none-match'] === style.etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(style.body);
    },
  );

  app.get(
    '/map/data/:file',
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ file: z.string().max(64) }) },
    },
    async (request, reply) => {
      const source = [...mapSources().values()].find((s) => s.file === request.params.file);
      if (!source) throw notFound('No such map layer');
      const etag = `"${source.hash}"`;
      // The file's name holds its hash: what is behind it never changes.
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(source.body);
    },
  );
};
