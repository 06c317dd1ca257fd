import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countsOf } from '../api/get-search-facets';
import { AUSTIN_SEARCH } from '../lib/austin-search.fixture';
import { type CatalogueSearch, catalogueSearchFrom, EMPTY_SEARCH } from '../lib/list-params';
import { managedFiltersFrom } from '../lib/managed-params';
import { CatalogueFilters } from './catalogue-filters';
import { ManagedFiltersForm } from './managed-filters';
import { SearchForm } from './search-form';

/*
 * Without JavaScript the browser sends a form's fields as they are named: what it would send must
 * read, on the page it goes to, as the search the app itself would show.
 */

/** The address the browser would go to on sending `form` as a plain GET form. */
function sentAddress(form: HTMLFormElement) {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) params.append(name, String(value));
  return { method: form.method, action: new URL(form.action).pathname, params };
}

const formOf = (name: string) => {
  // The <search> element, which happy-dom gives no role.
  const form = document.querySelector<HTMLFormElement>(`search[aria-label="${name}"] form`);
  if (!form) throw new Error(`no form in ${name}`);
  return form;
};

/** A search with something in every part the address holds. */
const search: CatalogueSearch = {
  ...EMPTY_SEARCH,
  ...AUSTIN_SEARCH,
  sort: 'price-asc',
  view: 'map',
};

describe('the search forms sent without JavaScript', () => {
  it("All Properties' filters send the whole search, the page's location, area, sort and view kept", () => {
    render(
      <CatalogueFilters
        id="filters"
        search={search}
        counts={countsOf(undefined)}
        onApply={() => {}}
        onClear={() => {}}
      />,
    );
    const sent = sentAddress(screen.getByRole('form', { name: 'Filters' }));
    expect(sent.method).toBe('get');
    expect(sent.action).toBe('/all-properties');
    expect(sent.params.getAll('types')).toEqual(['House', 'Villa']);
    expect(catalogueSearchFrom(sent.params)).toEqual(search);
  });

  it("All Properties' search sends the location and types, and keeps every filter the form does not show", () => {
    const kept = new URLSearchParams({
      features: 'Garden,Parking',
      minBeds: '3',
      sort: 'price-asc',
    });
    render(
      <SearchForm
        values={{ location: 'Austin', propertyType: '', priceRange: '' }}
        severalTypes={search.types}
        withPriceRange={false}
        action="/all-properties"
        kept={kept}
        onSearch={() => {}}
      />,
    );
    const sent = sentAddress(formOf('Property search'));
    expect(sent.action).toBe('/all-properties');
    expect(catalogueSearchFrom(sent.params)).toEqual({
      ...EMPTY_SEARCH,
      location: 'Austin',
      types: ['House', 'Villa'],
      features: ['Garden', 'Parking'],
      minBeds: 3,
      sort: 'price-asc',
    });
  });

  it('the managed lists send their search, status and type as their page reads them', () => {
    render(
      <ManagedFiltersForm
        filters={{ search: 'lake', status: 'pending', propertyType: 'Condo' }}
        onChange={() => {}}
        searchPlaceholder="Search by title or location"
        withType
        action="/dashboard/my-properties"
      />,
    );
    const sent = sentAddress(formOf('Filter properties'));
    expect(sent.method).toBe('get');
    expect(sent.action).toBe('/dashboard/my-properties');
    expect(managedFiltersFrom(sent.params)).toEqual({
      search: 'lake',
      status: 'pending',
      propertyType: 'Condo',
      page: 1,
    });
  });
});
