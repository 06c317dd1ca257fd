import { ZPlaceList } from '@keyhaven/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/test-app.js';

const ctx = useTestApp();

const places = async (q: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/places?q=${encodeURIComponent(q)}`,
  });
  expect(response.statusCode).toBe(200);
  return ZPlaceList.parse(response.json());
};

describe('GET /api/places', () => {
  it('names a US city with its state and the most populous match first', async () => {
    const [first] = await places('Austin');
    expect(first).toEqual({
      name: 'Austin',
      region: 'Texas',
      country: 'US',
      label: 'Austin, Texas',
      lat: expect.closeTo(30.267, 2),
      lng: expect.closeTo(-97.743, 2),
    });
  });

  it('names a city elsewhere with its country', async () => {
    const [first] = await places('lyo');
    expect(first).toMatchObject({
      name: 'Lyon',
      region: null,
      country: 'FR',
      label: 'Lyon, France',
    });
  });

  it('matches the start of the name in any case, with or without accents', async () => {
    expect((await places('sao paulo'))[0]?.label).toBe('São Paulo, Brazil');
    expect((await places('SÃO PAU'))[0]?.label).toBe('São Paulo, Brazil');
    expect((await places('zurich'))[0]?.label).toBe('Zürich, Switzerland');
    expect(await places('paulo')).not.toContainEqual(
      expect.objectContaining({ label: 'São Paulo, Brazil' }),
    );
  });

  it('gives at most ten, each named once, the largest cities first', async () => {
    const found = await places('s');
    expect(found).toHaveLength(10);
    expect(new Set(found.map((place) => place.label)).size).toBe(10);
    expect(found[0]?.label).toBe('Shanghai, China');
    const springfields = await places('Springfield');
    expect(springfields.map((place) => place.label).slice(0, 3)).toEqual([
      'Springfield, Missouri',
      'Springfield, Massachusetts',
      'Springfield, Illinois',
    ]);
  });

  it('answers an empty list for a name no city starts with', async () => {
    expect(await places('Qqqzzz')).toEqual([]);
  });

  it('refuses an empty or overlong name, naming the field', async () => {
    for (const q of ['', '   ', 'x'.repeat(101)]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/places?q=${encodeURIComponent(q)}`,
      });
      expect(response.statusCode, JSON.stringify(q)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { q: expect.any(String) },
      });
    }
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/places' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('q');
  });
});
