import { describe, expect, it } from 'vitest';
import {
  adjustedPriceCents,
  boxAround,
  type Candidate,
  chooseSales,
  distanceMiles,
  estimateFrom,
  type Ranked,
  similarity,
  tolerances,
  tQuantile90,
} from './comparables-maths.js';

/*
 * The maths of decision 056 against cases worked out by hand (the arithmetic is written out next
 * to each expectation), apart from the database.
 */

const NOW = new Date('2026-06-01T00:00:00Z');
const MONTH_MS = 30.436875 * 24 * 60 * 60 * 1000;
const monthsAgo = (months: number) => new Date(NOW.getTime() - months * MONTH_MS);
const HOME = { bedrooms: 3, bathrooms: 2, areaSize: 2000, lat: 40, lng: -100 };

const sale = (overrides: Partial<Ranked>): Ranked => ({
  id: 'a',
  lat: 40,
  lng: -100,
  bedrooms: 3,
  bathrooms: 2,
  areaSize: 2000,
  soldAt: NOW,
  priceCents: 400_000_00,
  distanceMiles: 0,
  similarity: 1,
  ...overrides,
});

describe('distances', () => {
  it('measures great circles in miles', () => {
    // One degree of latitude: 2π × 3958.8 / 360 = 69.09 miles.
    expect(distanceMiles({ lat: 40, lng: -100 }, { lat: 41, lng: -100 })).toBeCloseTo(69.09, 2);
    // One degree of longitude at 60°: 69.09 × cos 60° = 34.55 (a great circle, a hair less).
    expect(distanceMiles({ lat: 60, lng: 10 }, { lat: 60, lng: 11 })).toBeCloseTo(34.53, 1);
  });

  it('boxes hold the whole circle', () => {
    const box = boxAround({ lat: 40, lng: -100 }, 10);
    // 10 / 69.05 = 0.14482 degrees of latitude either side.
    expect(box.north - 40).toBeCloseTo(0.14482, 4);
    for (const corner of [
      { lat: 40, lng: box.east },
      { lat: 40, lng: box.west },
      { lat: box.north, lng: -100 },
    ]) {
      expect(distanceMiles({ lat: 40, lng: -100 }, corner)).toBeGreaterThanOrEqual(10);
    }
  });
});

describe('what is alike', () => {
  it('allows a bedroom and a bathroom either way and a quarter of the area, in whole tens', () => {
    expect(tolerances({ bedrooms: 3, bathrooms: 2, areaSize: 1800 })).toEqual({
      bedrooms: [2, 4],
      bathrooms: [1, 3],
      // 1800 × 0.75 = 1350; 1800 × 1.25 = 2250.
      areaSize: [1350, 2250],
    });
    // 1234 × 0.75 = 925.5 → 920 (down); 1234 × 1.25 = 1542.5 → 1550 (up). Never below 0 rooms.
    expect(tolerances({ bedrooms: 0, bathrooms: 0.5, areaSize: 1234 })).toEqual({
      bedrooms: [0, 1],
      bathrooms: [0, 1.5],
      areaSize: [920, 1550],
    });
  });

  it('scores each difference as a share of what the rules allow', () => {
    // Distance 1 of 2 miles: 0.3 × 0.5 = 0.15; area 200 of 500 sq ft: 0.3 × 0.4 = 0.12;
    // one bedroom of one: 0.15; bathrooms equal: 0; 6 of 12 months: 0.15 × 0.5 = 0.075.
    // 1 − (0.15 + 0.12 + 0.15 + 0 + 0.075) = 0.505.
    const other = {
      bedrooms: 4,
      bathrooms: 2,
      areaSize: 2200,
      distanceMiles: 1,
      soldAt: monthsAgo(6),
    };
    expect(similarity(HOME, other, 2, 12, NOW)).toBeCloseTo(0.505, 10);
    // A home for sale has no sale's age: 0.505 + 0.075.
    expect(similarity(HOME, { ...other, soldAt: null }, 2, 12, NOW)).toBeCloseTo(0.58, 10);
  });

  it('takes the smallest radius with six sales, the last 12 months before 24', () => {
    const at = (id: string, northMiles: number, months: number): Candidate => ({
      ...sale({ id, soldAt: monthsAgo(months) }),
      lat: 40 + northMiles / 69.09,
    });
    const candidates = [
      ...['a', 'b', 'c'].map((id) => at(id, 0.2, 3)),
      ...['d', 'e', 'f'].map((id) => at(id, 0.3, 18)),
      ...['g', 'h', 'i'].map((id) => at(id, 0.8, 2)),
    ];
    // Within 0.5 miles: three of 12 months, six of 24: 0.5 miles and 24 months.
    expect(chooseSales(HOME, candidates, 2, NOW)).toMatchObject({
      radiusMiles: 0.5,
      withinMonths: 24,
    });
    // Without the older ones: 0.5 miles has three, 1 mile six of the last 12 months.
    const recent = candidates.filter((c) => !['d', 'e', 'f'].includes(c.id));
    const chosen = chooseSales(HOME, recent, 2, NOW);
    expect(chosen).toMatchObject({ radiusMiles: 1, withinMonths: 12 });
    expect(chosen?.homes.map((h) => h.id).sort()).toEqual(['a', 'b', 'c', 'g', 'h', 'i']);
    // Not enough within what was searched: the caller searches wider.
    expect(chooseSales(HOME, recent.slice(0, 5), 2, NOW)).toBeNull();
  });
});

describe('the estimate', () => {
  it('adjusts a sale for its age, area and rooms', () => {
    // 1.003^10 = 1.030408; (2000/1600)^0.75 = 1.182177; 1.03^1 × 1.02^0.5 = 1.03 × 1.009950 =
    // 1.040248. $320,000 × 1.030408 × 1.182177 × 1.040248 = $405,488.7.
    const older = sale({
      areaSize: 1600,
      bedrooms: 2,
      bathrooms: 1.5,
      priceCents: 320_000_00,
      soldAt: monthsAgo(10),
    });
    expect(adjustedPriceCents(HOME, older, NOW) / 100).toBeCloseTo(405_488.7, -1);
  });

  it('weights the adjusted prices by similarity and gives the range from their spread', () => {
    const figures = estimateFrom(
      HOME,
      [
        // Adjusted: $400,000 (weight 1), $440,000 (0.5), $400,000 × 1.03 = $412,000 (0.5).
        sale({ id: 'a', priceCents: 400_000_00, similarity: 1 }),
        sale({ id: 'b', priceCents: 440_000_00, similarity: 0.5 }),
        sale({ id: 'c', priceCents: 400_000_00, bedrooms: 2, similarity: 0.5 }),
      ],
      NOW,
    );
    // Value: (400,000 + 220,000 + 206,000) / 2 = $413,000; $206.50 a square foot.
    // Spread: deviations −13,000, +27,000, −1,000; weighted variance (169 + 0.5 × 729 + 0.5 × 1)
    // × 10^6 / 2 = 267 × 10^6; sd 16,340.1 = 3.9564 % of the value. Effective sales 2² / 1.5 =
    // 2.6667: × √(2.6667 / 1.6667) = 1.264911 × √(1 + 1 / 2.6667) = 1.172604 → 5.8683 %.
    // t at 90 % for 1.6667 degrees of freedom, between 3.078 (1) and 1.886 (2): 3.078 − 0.6667 ×
    // 1.192 = 2.28333. Half-width 2.28333 × 5.8684 % = 13.3995 %: $357,660 → $358,000 to
    // $468,340 → $468,000.
    expect(figures).toMatchObject({
      valueCents: 413_000_00,
      lowCents: 358_000_00,
      highCents: 468_000_00,
      pricePerSqftCents: 206_50,
      // Three sales (high needs five), a half-width of 20 % or less: medium.
      confidence: 'medium',
      salesUsed: 3,
    });
    expect(figures?.halfWidth).toBeCloseTo(0.133995, 5);
  });

  it('reads t between its table’s entries and tends to the normal', () => {
    expect(tQuantile90(1)).toBe(3.078);
    expect(tQuantile90(0.4)).toBe(3.078);
    // Halfway from 6 (1.44) to 8 (1.397): 1.4185.
    expect(tQuantile90(7)).toBeCloseTo(1.4185, 10);
    expect(tQuantile90(1000)).toBe(1.2816);
  });

  it('says nothing from fewer than three sales, and never less than ±4 %', () => {
    expect(estimateFrom(HOME, [sale({ id: 'a' }), sale({ id: 'b' })], NOW)).toBeNull();
    // Three identical sales: no spread, so the floor: $400,000 ± 4 %; five of them are high.
    const same = ['a', 'b', 'c', 'd', 'e'].map((id) => sale({ id }));
    expect(estimateFrom(HOME, same.slice(0, 3), NOW)).toMatchObject({
      valueCents: 400_000_00,
      lowCents: 384_000_00,
      highCents: 416_000_00,
      confidence: 'medium',
    });
    expect(estimateFrom(HOME, same, NOW)?.confidence).toBe('high');
  });
});
