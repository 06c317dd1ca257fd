import type { ListingEstimate } from '@keyhaven/shared';
import { describe, expect, it } from 'vitest';
import {
  homeRow,
  insertHomes,
  milesFromCentre,
  monthsAgo,
  person,
} from '../../../test/helpers/comparables.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { seededRandom } from '../../lib/seeded-random.js';

/*
 * The Keyhaven Estimate against a generated market whose true prices are known (decision 056):
 * a few hundred Houses sold around one town over the last 20 months, at a price set by their
 * area, rooms and place, the market's growth and each sale's own luck; then homes for sale whose
 * true value today is known, estimated through the route.
 */

const ctx = useTestApp();

const SALES = 400;
const HELD_OUT = 60;
/** Dollars a square foot at the town's centre for a 2,000 sq ft, 3-bedroom, 2-bathroom home. */
const BASE_PER_SQFT = 250;

interface MarketHome {
  north: number;
  east: number;
  areaSize: number;
  bedrooms: number;
  bathrooms: number;
}

/**
 * The market's own rule, deliberately not the estimate's: prices grow with area to the power
 * 0.8 (the estimate assumes 0.75), 2.5 % a bedroom and 1.5 % a bathroom (it assumes 3 and 2),
 * 4 % a mile eastwards, and 2.5 % a year (it assumes 0.3 % a month).
 */
const trueValueToday = (home: MarketHome) =>
  BASE_PER_SQFT *
  2000 *
  (home.areaSize / 2000) ** 0.8 *
  1.025 ** (home.bedrooms - 3) *
  1.015 ** (home.bathrooms - 2) *
  (1 + 0.04 * home.east);

const gaussian = (random: () => number) =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

function generatedHome(random: () => number): MarketHome {
  const distance = 3 * Math.sqrt(random());
  const bearing = 2 * Math.PI * random();
  return {
    north: distance * Math.cos(bearing),
    east: distance * Math.sin(bearing),
    areaSize: Math.round((1200 + random() * 1800) / 10) * 10,
    bedrooms: 2 + Math.floor(random() * 4),
    bathrooms: 1 + Math.floor(random() * 6) / 2,
  };
}

/** The value `share` of them lie below (by nearest rank): 0.5 the median. */
const quantile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor(values.length * share))
  ] ?? 0;

describe('the estimate in a generated market', () => {
  // Each sale's own luck: 6 % (a tidy market) and 12 % (a mixed one) of its price, log-normal. A
  // 12 % luck alone is 8 % off at the median, whatever the estimate: there the median error is
  // held to 15 %, and to 10 % from the value without the luck.
  it.for([
    { luck: 0.06, within: 0.1 },
    { luck: 0.12, within: 0.15 },
  ])(
    'with $luck of luck is close to the true price, which its range holds most of the time',
    async ({ luck, within }, { annotate }) => {
      const agent = await person(ctx.app.db, 'agent');
      const buyer = await person(ctx.app.db, 'user');
      const random = seededRandom(56);
      const place = (home: MarketHome) => ({
        ...milesFromCentre(home.north, home.east),
        areaSize: home.areaSize,
        bedrooms: home.bedrooms,
        bathrooms: home.bathrooms,
      });
      const sales = Array.from({ length: SALES }, () => {
        const home = generatedHome(random);
        const months = random() * 20;
        // Sold `months` ago, before 2.5 % a year of growth, with its own luck.
        const price =
          trueValueToday(home) * 1.025 ** (-months / 12) * Math.exp(luck * gaussian(random));
        return homeRow(agent.id, {
          ...place(home),
          availability: 'Sold',
          soldAt: monthsAgo(months),
          soldPriceCents: Math.round(price) * 100,
        });
      });
      await insertHomes(ctx.app.db, sales);
      const heldOut = Array.from({ length: HELD_OUT }, () => generatedHome(random));
      // What each would sell for today: its value with a luck of its own, as any sale has.
      const truePrices = heldOut.map(
        (home) => trueValueToday(home) * Math.exp(luck * gaussian(random)),
      );
      const ids = await insertHomes(
        ctx.app.db,
        heldOut.map((home) => homeRow(agent.id, { ...place(home), title: 'For sale' })),
      );

      const errors: number[] = [];
      const valueErrors: number[] = [];
      let inRange = 0;
      let estimated = 0;
      const confidences: Record<string, number> = { low: 0, medium: 0, high: 0 };
      for (const [i, id] of ids.entries()) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/properties/${id}/estimate`,
          headers: buyer.bearer,
        });
        expect(response.statusCode).toBe(200);
        const { estimate } = response.json() as ListingEstimate;
        if (!estimate) continue;
        estimated += 1;
        const truth = truePrices[i] as number;
        const value = trueValueToday(heldOut[i] as MarketHome);
        errors.push(Math.abs(estimate.value - truth) / truth);
        valueErrors.push(Math.abs(estimate.value - value) / value);
        if (estimate.low <= truth && truth <= estimate.high) inRange += 1;
        confidences[estimate.confidence] = (confidences[estimate.confidence] ?? 0) + 1;
      }
      const medianError = quantile(errors, 0.5);
      const coverage = inRange / estimated;
      await annotate(
        `Generated market, ${luck * 100} % luck: ${estimated} of ${HELD_OUT} estimated; median absolute error ${(medianError * 100).toFixed(2)} %, 90th percentile ${(quantile(errors, 0.9) * 100).toFixed(2)} %; to the market value without the luck ${(quantile(valueErrors, 0.5) * 100).toFixed(2)} %; true price in the range ${(coverage * 100).toFixed(1)} %; confidence ${JSON.stringify(confidences)}`,
      );
      // Three miles of town and 400 sales: every home has enough alike ones.
      expect(estimated).toBe(HELD_OUT);
      expect(medianError).toBeLessThan(within);
      expect(quantile(valueErrors, 0.5)).toBeLessThan(0.1);
      expect(coverage).toBeGreaterThanOrEqual(0.7);
    },
  );
});
