import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/test-app.js';

/*
 * The style is checked with the style specification of the MapLibre release the web app ships
 * (its own copy, which accepts text without a glyphs address), so what passes here loads there.
 */
const requireFromMapLibre = createRequire(
  createRequire(import.meta.url).resolve('maplibre-gl/package.json'),
);
const { validateStyleMin } = requireFromMapLibre('@maplibre/maplibre-gl-style-spec') as {
  validateStyleMin: (style: unknown) => Array<{ message: string }>;
};

interface Style {
  version: number;
  glyphs?: string;
  sources: Record<string, { type: string; data: string; attribution: string }>;
  layers: Array<{ id: string; type: string; source?: string; minzoom?: number }>;
}

describe('the offline basemap', () => {
  const ctx = useTestApp();
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('serves a style MapLibre accepts, built only from this server, crediting its data', async () => {
    const response = await get('/map/style.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const style = response.json<Style>();
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.glyphs).toBeUndefined();
    expect(Object.keys(style.sources).sort()).toEqual(['borders', 'cities', 'land', 'states']);
    for (const source of Object.values(style.sources)) {
      expect(source.data).toMatch(/^\/map\/data\/[a-z]+\.[0-9a-f]{16}\.json$/);
    }
    const credits = Object.values(style.sources).map((source) => source.attribution);
    expect(credits.some((credit) => credit.includes('Natural Earth'))).toBe(true);
    expect(credits.some((credit) => credit.includes('GeoNames'))).toBe(true);
    expect(style.layers.map((layer) => layer.type)).toEqual(
      expect.arrayContaining(['background', 'fill', 'line', 'symbol']),
    );
  });

  it('answers every layer the style names as GeoJSON that browsers keep for good', async () => {
    const style = (await get('/map/style.json')).json<Style>();
    for (const [name, source] of Object.entries(style.sources)) {
      const response = await get(source.data, { 'accept-encoding': 'gzip' });
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-encoding']).toBe('gzip');
      const etag = response.headers.etag as string;
      expect((await get(source.data, { 'if-none-match': etag })).statusCode).toBe(304);
    }
    const cities = await get(style.sources.cities?.data as string);
    const collection = cities.json<{
      type: string;
      features: Array<{ properties: { name: string; population: number } }>;
    }>();
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((city) => city.properties.name)).toContain('Lyon');
    expect(collection.features.every((city) => city.properties.population >= 100_000)).toBe(true);
  });

  it('revalidates the style cheaply and refuses a layer it does not have', async () => {
    const first = await get('/map/style.json');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/map/style.json', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    const missing = await get('/map/data/land.0000000000000000.json');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lets the map start its drawing workers, and nothing from another host', async () => {
    const policy = (await get('/map/style.json')).headers['content-security-policy'] as string;
    expect(policy).toContain("worker-src 'self' blob:");
    expect(policy).toContain("connect-src 'self';");
  });
});

describe('a hosted basemap (MAP_STYLE_URL)', () => {
  const HOSTED = 'https://tiles.example.com/styles/liberty.json';
  const ctx = useTestApp({ MAP_STYLE_URL: HOSTED });

  it('sends the map to the hosted style and lets the page fetch from its host', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/map/style.json' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(HOSTED);
    expect(response.headers['content-security-policy']).toContain(
      "connect-src 'self' https://tiles.example.com;",
    );
  });
});
