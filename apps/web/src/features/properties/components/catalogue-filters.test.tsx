import { PRICE_BANDS, PROPERTY_TYPES, SEARCH_PROPERTY_TYPES } from '@keyhaven/shared/constants';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { countsOf } from '../api/get-search-facets';
import { type CatalogueSearch, EMPTY_SEARCH } from '../lib/list-params';
import { CatalogueFilters, NO_TYPE_TO_CHOOSE, SPANNING_NOTE } from './catalogue-filters';

function renderFilters(
  counts: ReturnType<typeof countsOf>,
  search: CatalogueSearch = EMPTY_SEARCH,
) {
  const onApply = vi.fn();
  render(
    <CatalogueFilters
      id="filters"
      search={search}
      counts={counts}
      onApply={onApply}
      onClear={() => {}}
    />,
  );
  return { panel: screen.getByRole('form', { name: 'Filters' }), onApply };
}

/** Counts as the server sends them: every type and band counted, Residential with no home. */
const counted = (bands: number[]) =>
  countsOf({
    total: 31,
    types: PROPERTY_TYPES.map((propertyType, index) => ({
      propertyType,
      count: propertyType === 'Residential' ? 0 : index * 10 + 1,
    })),
    priceRanges: [],
    priceBands: PRICE_BANDS.map(({ id, label }, index) => ({
      id,
      label,
      count: bands[index] ?? 0,
    })),
  });

describe('the counts beside the filters', () => {
  it('shows the count of each type with homes and of every price band, and says a home may count in two bands', () => {
    const { panel } = renderFilters(counted([2, 13, 1200, 0]));
    PROPERTY_TYPES.forEach((type, index) => {
      if (type === 'Residential') return;
      expect(
        within(panel).getByRole('checkbox', { name: `${type} (${index * 10 + 1})` }),
      ).toBeVisible();
    });
    expect(within(panel).queryByRole('checkbox', { name: /^Residential/ })).toBeNull();
    const bands = within(panel).getByRole('list', { name: 'Homes by price' });
    expect(
      within(bands)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Under $100k (2)', '$100k - $300k (13)', '$300k - $600k (1,200)', '$600k+ (0)']);
    expect(within(panel).getByText(SPANNING_NOTE)).toBeVisible();
  });

  it('keeps a chosen type with no home there, so it can be unchosen', () => {
    const { panel } = renderFilters(counted([1, 1, 1, 1]), {
      ...EMPTY_SEARCH,
      types: ['Residential'],
    });
    expect(within(panel).getByRole('checkbox', { name: 'Residential (0)' })).toBeChecked();
  });

  it('says so when no home matches the other filters, offering no type', () => {
    const { panel } = renderFilters(
      countsOf({
        total: 0,
        types: PROPERTY_TYPES.map((propertyType) => ({ propertyType, count: 0 })),
        priceRanges: [],
        priceBands: PRICE_BANDS.map(({ id, label }) => ({ id, label, count: 0 })),
      }),
    );
    expect(within(panel).queryAllByRole('checkbox', { name: /\(0\)$/ })).toEqual([]);
    expect(within(panel).getByText(NO_TYPE_TO_CHOOSE)).toBeVisible();
  });

  it('offers the search’s own types alone until the counts arrive', () => {
    const { panel } = renderFilters(countsOf(undefined));
    for (const type of PROPERTY_TYPES) {
      const offered = (SEARCH_PROPERTY_TYPES as readonly string[]).includes(type);
      expect(within(panel).queryByRole('checkbox', { name: type }) !== null, type).toBe(offered);
    }
    for (const band of PRICE_BANDS) {
      expect(within(panel).getByRole('button', { name: band.label })).toBeVisible();
    }
  });

  it('applies a band in place of the prices typed, and lets a chosen band go', async () => {
    const user = userEvent.setup();
    const search = { ...EMPTY_SEARCH, types: ['House' as const], minBeds: 2 };
    const { panel, onApply } = renderFilters(counted([1, 2, 3, 4]), {
      ...search,
      minPrice: 150_000,
    });
    await user.click(within(panel).getByRole('button', { name: '$300k - $600k (3)' }));
    expect(onApply).toHaveBeenLastCalledWith(
      expect.objectContaining({
        types: ['House'],
        minBeds: 2,
        priceBand: '300k-600k',
        minPrice: undefined,
        maxPrice: undefined,
      }),
    );
  });

  it('shows the chosen band pressed; choosing it again, or typing a price, lets it go', async () => {
    const user = userEvent.setup();
    const { panel, onApply } = renderFilters(counted([1, 2, 3, 4]), {
      ...EMPTY_SEARCH,
      priceBand: '600k-plus',
    });
    const chosen = within(panel).getByRole('button', { name: '$600k+ (4)' });
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    await user.click(chosen);
    expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ priceBand: undefined }));

    await user.click(within(panel).getByRole('button', { name: 'Show results' }));
    expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ priceBand: '600k-plus' }));
    await user.type(within(panel).getByLabelText('Min price ($)'), '700000');
    await user.click(within(panel).getByRole('button', { name: 'Show results' }));
    expect(onApply).toHaveBeenLastCalledWith(
      expect.objectContaining({ priceBand: undefined, minPrice: 700_000 }),
    );
  });
});
