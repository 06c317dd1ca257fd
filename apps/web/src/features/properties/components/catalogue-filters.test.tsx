import { PRICE_RANGES, PROPERTY_TYPES } from '@keyhaven/shared/constants';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countsOf } from '../api/get-search-facets';
import { EMPTY_SEARCH } from '../lib/list-params';
import { CatalogueFilters } from './catalogue-filters';

function renderFilters(counts: ReturnType<typeof countsOf>) {
  render(
    <CatalogueFilters
      id="filters"
      search={EMPTY_SEARCH}
      counts={counts}
      onApply={() => {}}
      onClear={() => {}}
    />,
  );
  return screen.getByRole('form', { name: 'Filters' });
}

describe('the counts beside the filters', () => {
  it('shows the count of each type and price bucket the server counted', () => {
    const panel = renderFilters(
      countsOf({
        total: 165,
        types: PROPERTY_TYPES.map((propertyType, index) => ({ propertyType, count: index * 10 })),
        priceRanges: [
          { label: '$100k - $300k', count: 40 },
          { label: '$300k - $600k', count: 0 },
          { label: '$600k+', count: 1200 },
          { label: 'a bracket this page does not offer', count: 3 },
        ],
      }),
    );
    PROPERTY_TYPES.forEach((type, index) => {
      expect(
        within(panel).getByRole('checkbox', { name: `${type} (${index * 10})` }),
      ).toBeVisible();
    });
    expect(within(panel).getByRole('button', { name: '$100k - $300k (40)' })).toBeVisible();
    expect(within(panel).getByRole('button', { name: '$300k - $600k (0)' })).toBeVisible();
    expect(within(panel).getByRole('button', { name: '$600k+ (1,200)' })).toBeVisible();
    expect(within(panel).queryByText(/a bracket this page does not offer/)).toBeNull();
  });

  it('shows the choices alone until the counts arrive', () => {
    const panel = renderFilters(countsOf(undefined));
    for (const type of PROPERTY_TYPES) {
      expect(within(panel).getByRole('checkbox', { name: type })).toBeVisible();
    }
    for (const range of PRICE_RANGES) {
      expect(within(panel).getByRole('button', { name: range.label })).toBeVisible();
    }
  });
});
