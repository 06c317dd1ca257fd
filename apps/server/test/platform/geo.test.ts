import {
  formatBbox,
  formatPolygon,
  GEO_MESSAGES,
  isInPolygon,
  isSelfIntersecting,
  type LngLat,
  parseBbox,
  parsePolygon,
} from '@keyhaven/shared/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const ring = (text: string): LngLat[] =>
  text.split(' ').map((pair) => {
    const [lng, lat] = pair.split(',').map(Number);
    return { lng: lng as number, lat: lat as number };
  });

/** A U open to the north: its two arms are inside, the notch between them is not. */
const U_SHAPE = ring('0,0 3,0 3,3 2,3 2,1 1,1 1,3 0,3');

describe('areas in the search address', () => {
  it('reads west,south,east,north and writes it back the same', () => {
    const parsed = parseBbox('-97.9,30.1,-97.5,30.5');
    expect(parsed).toEqual({
      ok: true,
      value: { west: -97.9, south: 30.1, east: -97.5, north: 30.5 },
    });
    if (parsed.ok) expect(formatBbox(parsed.value)).toBe('-97.9,30.1,-97.5,30.5');
  });

  it.each([
    ['', GEO_MESSAGES.bboxFormat],
    ['1,2,3', GEO_MESSAGES.bboxFormat],
    ['a,b,c,d', GEO_MESSAGES.bboxFormat],
    ['1e2,0,1,1', GEO_MESSAGES.bboxFormat],
    ['-181,0,0,1', GEO_MESSAGES.longitudeRange],
    ['0,-91,1,1', GEO_MESSAGES.latitudeRange],
    ['2,0,1,1', GEO_MESSAGES.bboxOrder],
    ['0,2,1,1', GEO_MESSAGES.bboxOrder],
  ])('refuses %j: %s', (text, message) => {
    expect(parseBbox(text)).toEqual({ ok: false, message });
  });

  it('writes any area so that it reads back within ten centimetres', () => {
    const lng = fc.double({ min: -180, max: 180, noNaN: true });
    const lat = fc.double({ min: -90, max: 90, noNaN: true });
    fc.assert(
      fc.property(lng, lng, lat, lat, (a, b, c, d) => {
        const bbox = {
          west: Math.min(a, b),
          east: Math.max(a, b),
          south: Math.min(c, d),
          north: Math.max(c, d),
        };
        const back = parseBbox(formatBbox(bbox));
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        for (const edge of ['west', 'south', 'east', 'north'] as const) {
          expect(Math.abs(back.value[edge] - bbox[edge])).toBeLessThanOrEqual(1e-6);
        }
      }),
    );
  });
});

describe('outlines in the search address', () => {
  it('closes itself: a last point equal to the first is dropped', () => {
    const parsed = parsePolygon('0,0;1,0;1,1;0,0');
    expect(parsed).toEqual({ ok: true, value: ring('0,0 1,0 1,1') });
  });

  it('refuses fewer than 3 and more than 100 corners', () => {
    expect(parsePolygon('0,0;1,1')).toEqual({ ok: false, message: GEO_MESSAGES.polygonVertices });
    const circle = Array.from({ length: 101 }, (_, i) => {
      const angle = (2 * Math.PI * i) / 101;
      return `${Math.cos(angle).toFixed(6)},${Math.sin(angle).toFixed(6)}`;
    });
    expect(parsePolygon(circle.join(';'))).toEqual({
      ok: false,
      message: GEO_MESSAGES.polygonVertices,
    });
    expect(parsePolygon(circle.slice(0, 100).join(';')).ok).toBe(true);
  });

  it.each([
    ['0,0;1,0;x,1', GEO_MESSAGES.polygonFormat],
    ['0,0;1,0;1', GEO_MESSAGES.polygonFormat],
    ['0,0;190,0;1,1', GEO_MESSAGES.longitudeRange],
    ['0,0;1,0;1,95', GEO_MESSAGES.latitudeRange],
  ])('refuses %j: %s', (text, message) => {
    expect(parsePolygon(text)).toEqual({ ok: false, message });
  });

  it('refuses an outline that crosses itself, and one that doubles back on a corner', () => {
    const bowTie = '0,0;1,1;1,0;0,1';
    expect(parsePolygon(bowTie)).toEqual({
      ok: false,
      message: GEO_MESSAGES.polygonSelfIntersecting,
    });
    expect(isSelfIntersecting(ring('0,0 1,0 1,0 0,1'))).toBe(true);
    expect(isSelfIntersecting(ring('0,0 2,0 1,0 1,1'))).toBe(true);
    expect(isSelfIntersecting(U_SHAPE)).toBe(false);
  });

  it('counts a concave outline right: the arms are inside, the notch and the outside are not', () => {
    expect(isInPolygon({ lng: 0.5, lat: 2.5 }, U_SHAPE)).toBe(true);
    expect(isInPolygon({ lng: 2.5, lat: 2.5 }, U_SHAPE)).toBe(true);
    expect(isInPolygon({ lng: 1.5, lat: 0.5 }, U_SHAPE)).toBe(true);
    expect(isInPolygon({ lng: 1.5, lat: 2 }, U_SHAPE)).toBe(false);
    expect(isInPolygon({ lng: 4, lat: 1 }, U_SHAPE)).toBe(false);
  });

  it('counts a point on the edge or a corner as inside', () => {
    expect(isInPolygon({ lng: 1.5, lat: 0 }, U_SHAPE)).toBe(true);
    expect(isInPolygon({ lng: 1.5, lat: 1 }, U_SHAPE)).toBe(true);
    expect(isInPolygon({ lng: 3, lat: 3 }, U_SHAPE)).toBe(true);
  });

  it('writes an outline that reads back as the same corners', () => {
    const parsed = parsePolygon(formatPolygon(U_SHAPE));
    expect(parsed).toEqual({ ok: true, value: U_SHAPE });
  });
});
