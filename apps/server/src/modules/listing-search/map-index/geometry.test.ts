import type { LngLat } from '@keyhaven/shared';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../lib/seeded-random.js';
import { insideOutline, OutlineTest } from './geometry.js';

/** Degrees to the millionth, as an address carries them. */
const toMillionths = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

describe('an outline', () => {
  it("includes a point on an outline's edge or corner and leaves out one just beside it", () => {
    const square = [
      { lng: 0, lat: 0 },
      { lng: 2, lat: 0 },
      { lng: 2, lat: 2 },
      { lng: 1, lat: 1 },
      { lng: 0, lat: 2 },
    ];
    expect(insideOutline(1, 0, square)).toBe(true);
    expect(insideOutline(2, 2, square)).toBe(true);
    expect(insideOutline(0.5, 1.5, square)).toBe(true);
    expect(insideOutline(1, 0.5, square)).toBe(true);
    expect(insideOutline(1, 1.5, square)).toBe(false);
    expect(insideOutline(2.001, 1, square)).toBe(false);
  });
});

describe("an outline's bands of latitude", () => {
  it('answer every point as the whole ring does: corners, edges, just beside them and beyond', () => {
    const random = seededRandom(29);
    let inside = 0;
    let points = 0;
    for (let drawn = 0; drawn < 40; drawn++) {
      const centre = { lng: -97.7 + random(), lat: 30.2 + random() };
      const corners = 3 + Math.floor(random() * 14);
      // Stars, some with corners on one parallel (level edges) and on the grid's lines.
      const outline = Array.from({ length: corners }, (_, corner) => {
        const angle = (2 * Math.PI * (corner + random() * 0.6)) / corners;
        const reach = 0.02 + random() * 0.2;
        const lat =
          drawn % 4 === 0 && corner % 3 === 0 ? centre.lat : centre.lat + reach * Math.sin(angle);
        return { lng: toMillionths(centre.lng + reach * Math.cos(angle)), lat: toMillionths(lat) };
      });
      const test = new OutlineTest(outline);
      const tried: LngLat[] = [];
      outline.forEach((corner, i) => {
        const next = outline[(i + 1) % outline.length] as LngLat;
        for (const share of [0, 0.25, 0.5, 1]) {
          const onEdge = {
            lng: corner.lng + (next.lng - corner.lng) * share,
            lat: corner.lat + (next.lat - corner.lat) * share,
          };
          for (const offset of [-2e-6, -1.0001e-6, -5e-7, 0, 5e-7, 1.0001e-6, 2e-6]) {
            tried.push({ lng: onEdge.lng, lat: onEdge.lat + offset });
            tried.push({ lng: onEdge.lng + offset, lat: onEdge.lat });
          }
        }
      });
      for (let i = 0; i < 300; i++) {
        tried.push({
          lng: centre.lng - 0.25 + random() * 0.5,
          lat: centre.lat - 0.25 + random() * 0.5,
        });
      }
      for (const { lng, lat } of tried) {
        const expected = insideOutline(lng, lat, outline);
        expect(test.contains(lng, lat), `${lng},${lat} against ${JSON.stringify(outline)}`).toBe(
          expected,
        );
        if (expected) inside++;
        points++;
      }
    }
    // Both answers were given, many times.
    expect(inside).toBeGreaterThan(points / 10);
    expect(points - inside).toBeGreaterThan(points / 10);
  });
});
