import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lastPublicListingChange } from './seo.service.js';

/**
 * The pages anyone may open without signing in, for search engines. A listing's details page and
 * All Properties ask visitors to sign in first (the web app's route guards), so no listing page is
 * public and none is listed; Home shows the newest listings to everyone.
 */
const PUBLIC_PAGES = ['/', '/about', '/login', '/register'] as const;

/**
 * What crawlers should leave alone: the API, sign-in endpoints and every page that needs an
 * account (robots.txt rules match path prefixes).
 */
const PRIVATE_PREFIXES = [
  '/api/',
  '/auth/',
  '/dashboard',
  '/all-properties',
  '/properties',
  '/propertyDetails/',
  '/EditPropertyDetails/',
  '/make-offer/',
  '/payment-success',
  '/demo-checkout/',
  '/forbidden-page',
] as const;

// Both change rarely; a short lifetime lets a new listing reach Home's lastmod soon.
const CACHE_CONTROL = 'public, max-age=300';

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sitemapXml(origin: string, homeChangedAt: Date | null) {
  const entries = PUBLIC_PAGES.map((page) => {
    // Only Home's content moves (its featured listings); the other pages have no date worth giving.
    const lastmod =
      page === '/' && homeChangedAt ? `<lastmod>${homeChangedAt.toISOString()}</lastmod>` : '';
    return `  <url><loc>${escapeXml(`${origin}${page}`)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

function robotsTxt(origin: string) {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The sitemap and robots.txt, with absolute addresses from PUBLIC_URL. Not part of the API. */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const origin = app.config.publicUrl;
  const robots = robotsTxt(origin);

  app.get(
    '/sitemap.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const homeChangedAt = await lastPublicListingChange(app.db);
      return reply
        .header('cache-control', CACHE_CONTROL)
        .type('application/xml; charset=utf-8')
        .send(sitemapXml(origin, homeChangedAt));
    },
  );

  app.get(
    '/robots.txt',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) =>
      reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots),
  );
};
