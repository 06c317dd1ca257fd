import type { ListingEstimate } from '@keyhaven/shared';
import { ESTIMATE_MESSAGES } from '@keyhaven/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { agent, buyer, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { EstimateSection } from './estimate-section';

const ESTIMATE = `GET /api/properties/${listing._id}/estimate`;
const M = ESTIMATE_MESSAGES;

const sold = (id: string, title: string, distanceMiles: number) => ({
  id,
  title,
  location: 'Austin, TX',
  image: '/uploads/def456-1600.webp',
  status: 'sold' as const,
  soldAt: '2026-03-04T12:00:00.000Z',
  price: 405_000,
  pricePerSqft: 203,
  distanceMiles,
  bedrooms: 3,
  bathrooms: 2,
  areaSize: 2000,
  similarity: 0.9,
  usedInEstimate: true,
});

const ANSWER: ListingEstimate = {
  unavailable: null,
  comparables: [
    sold('00000000-0000-4000-8000-000000000001', 'Brick Bungalow', 0.3),
    sold('00000000-0000-4000-8000-000000000002', 'Corner Ranch', 0.4),
    sold('00000000-0000-4000-8000-000000000003', 'Garden House', 1.2),
    {
      ...sold('00000000-0000-4000-8000-000000000004', 'Lakeside Home', 0.2),
      status: 'active',
      soldAt: null,
      image: null,
      usedInEstimate: false,
    },
  ],
  chosenBy:
    'Sold homes of the same type within 2 miles, sold in the last 12 months, with 2–4 bedrooms, 1–3 bathrooms and 1,500–2,500 sq ft.',
  estimate: {
    value: 413_000,
    low: 358_000,
    high: 468_000,
    pricePerSqft: 207,
    confidence: 'medium',
    salesUsed: 3,
  },
};

async function open(view: ReturnType<typeof renderInApp>) {
  const section = screen.getByRole('region', { name: M.estimateTitle });
  const button = within(section).getByRole('button', { name: M.show });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  button.focus();
  await view.user.keyboard('{Enter}');
  return section;
}

describe('EstimateSection', () => {
  it('asks for nothing until the person opens it, then shows the estimate and the comparables', async () => {
    const api = fakeApi({ [ESTIMATE]: () => json(ANSWER) });
    const view = renderInApp(<EstimateSection propertyId={listing._id} />, { signedInAs: buyer });
    expect(api.requestsTo(ESTIMATE)).toEqual([]);
    const section = await open(view);
    expect(await within(section).findByText('$413,000')).toBeInTheDocument();
    expect(api.requestsTo(ESTIMATE)).toHaveLength(1);
    expect(within(section).getByText(M.range('$358,000', '$468,000'))).toBeInTheDocument();
    expect(within(section).getByText(M.confidence.medium)).toBeInTheDocument();
    expect(within(section).getByText(M.basedOn(3))).toBeInTheDocument();
    expect(within(section).getByText(M.howTitle)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: M.hide })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    const comparables = within(section).getByRole('region', { name: M.comparablesTitle });
    expect(within(comparables).getByText(ANSWER.chosenBy as string)).toBeInTheDocument();
    const cards = within(comparables).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Brick Bungalow' })).toHaveAttribute(
      'href',
      '/propertyDetails/00000000-0000-4000-8000-000000000001',
    );
    expect(within(first).getByText(M.sold('March 4, 2026'))).toBeInTheDocument();
    expect(within(first).getByText(M.perSqft('$203'))).toBeInTheDocument();
    expect(within(first).getByText('0.3 mi away · 3 bd · 2 ba · 2,000 sq ft')).toBeInTheDocument();
    expect(within(first).getByText(M.used)).toBeInTheDocument();
    const active = cards[3] as HTMLElement;
    expect(within(active).getByText(M.active)).toBeInTheDocument();
    expect(within(active).getByText(`${M.activeNote}`, { exact: false })).toBeInTheDocument();
    expect(within(active).queryByText(M.used)).toBeNull();
  });

  it('says when there are not enough sales nearby, and still lists what it found', async () => {
    fakeApi({
      [ESTIMATE]: () =>
        json({ ...ANSWER, estimate: null, comparables: ANSWER.comparables.slice(3) }),
    });
    const view = renderInApp(<EstimateSection propertyId={listing._id} />, { signedInAs: agent });
    const section = await open(view);
    expect(await within(section).findByText(M.notEnoughSales)).toBeInTheDocument();
    expect(within(section).getByText(M.notEnoughSalesDetail)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Lakeside Home' })).toBeInTheDocument();
  });

  it('says why a listing has no comparables, and when none are alike', async () => {
    fakeApi({
      [ESTIMATE]: () =>
        json({ unavailable: 'no-position', comparables: [], chosenBy: null, estimate: null }),
    });
    const view = renderInApp(<EstimateSection propertyId={listing._id} />, { signedInAs: buyer });
    const section = await open(view);
    expect(await within(section).findByText(M.noPosition)).toBeInTheDocument();
    expect(within(section).queryByRole('region', { name: M.comparablesTitle })).toBeNull();
  });

  it('lists nothing alike with the line that says what was looked for', async () => {
    const line = 'No homes of the same type with 1,500–2,500 sq ft within 25 miles.';
    fakeApi({
      [ESTIMATE]: () =>
        json({ unavailable: null, comparables: [], chosenBy: line, estimate: null }),
    });
    const view = renderInApp(<EstimateSection propertyId={listing._id} />, { signedInAs: buyer });
    const section = await open(view);
    expect(await within(section).findByText(M.noComparables)).toBeInTheDocument();
    expect(within(section).getByText(line)).toBeInTheDocument();
  });

  it('shows a failure with a way to try again', async () => {
    let calls = 0;
    const api = fakeApi({
      [ESTIMATE]: () => {
        calls += 1;
        // Server failures are tried three times before the page says so.
        return calls <= 3 ? refusal(500, 'Internal Server Error', 'INTERNAL') : json(ANSWER);
      },
    });
    const view = renderInApp(<EstimateSection propertyId={listing._id} />, { signedInAs: buyer });
    const section = await open(view);
    const alert = await within(section).findByRole('alert', undefined, { timeout: 10_000 });
    expect(within(alert).getByText(M.failed)).toBeInTheDocument();
    await view.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText('$413,000')).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(ESTIMATE)).toHaveLength(4));
  }, 15_000);
});
