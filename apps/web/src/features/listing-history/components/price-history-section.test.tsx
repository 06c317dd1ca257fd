import { LISTING_HISTORY_MESSAGES } from '@keyhaven/shared/texts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarketChangeBadge } from '@/components/listing/market-change-badge';
import { listing } from '@/test/fixtures';
import { PriceHistorySection } from './price-history-section';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe('PriceHistorySection', () => {
  it('reads the history newest first, in a buyer’s words, with the price each change left', () => {
    render(
      <PriceHistorySection
        property={{
          ...listing,
          history: [
            { kind: 'sold', at: daysAgo(1), price: null, previousPrice: null, salePrice: 262_500 },
            {
              kind: 'under_offer',
              at: daysAgo(5),
              price: null,
              previousPrice: null,
              salePrice: null,
            },
            {
              kind: 'price_changed',
              at: daysAgo(9),
              price: { min: 235_000, max: 265_000 },
              previousPrice: { min: 250_000, max: 280_000 },
              salePrice: null,
            },
            {
              kind: 'listed',
              at: daysAgo(30),
              price: { min: 250_000, max: 280_000 },
              previousPrice: null,
              salePrice: null,
            },
          ],
        }}
      />,
    );
    const table = screen.getByRole('table', { name: LISTING_HISTORY_MESSAGES.sectionTitle });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Sold for $262,500', '$262,500'],
      ['Under offer', ''],
      ['Price reduced by $15,000', '$235,000 - $265,000'],
      ['Listed', '$250,000 - $280,000'],
    ]);
    // The table scrolls in a region the keyboard can reach.
    expect(
      screen.getByRole('region', { name: LISTING_HISTORY_MESSAGES.sectionTitle }),
    ).toHaveAttribute('tabindex', '0');
  });

  it('is left out for a listing without a public history', () => {
    const view = render(<PriceHistorySection property={{ ...listing, history: undefined }} />);
    expect(view.container.textContent).toBe('');
  });
});

describe('MarketChangeBadge', () => {
  it('says a recent price cut in few characters', () => {
    render(
      <MarketChangeBadge
        listing={{
          availability: 'Available',
          listedAt: daysAgo(2),
          priceCut: { amount: 15_000, at: daysAgo(3) },
        }}
      />,
    );
    expect(screen.getByText('Price cut $15k')).toBeInTheDocument();
  });

  it('says New for a home listed this week, with what it means for screen readers', () => {
    render(
      <MarketChangeBadge
        listing={{ availability: 'Available', listedAt: daysAgo(2), priceCut: null }}
      />,
    );
    expect(screen.getByText(LISTING_HISTORY_MESSAGES.newBadgeLabel(7))).toBeInTheDocument();
  });

  it('says nothing of old news, or of a home no longer for sale', () => {
    const old = render(
      <MarketChangeBadge
        listing={{
          availability: 'Available',
          listedAt: daysAgo(40),
          priceCut: { amount: 5_000, at: daysAgo(20) },
        }}
      />,
    );
    expect(old.container.textContent).toBe('');
    const sold = render(
      <MarketChangeBadge
        listing={{
          availability: 'Sold',
          listedAt: daysAgo(1),
          priceCut: { amount: 5_000, at: daysAgo(1) },
        }}
      />,
    );
    expect(sold.container.textContent).toBe('');
  });
});
