import { cardOf, type Property } from '@keyhaven/shared';
import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { PropertySearchSection } from './property-search-section';

const villa = {
  ...listing,
  _id: 'villa-1',
  title: 'Hillside Villa',
  location: 'Austin, TX',
  propertyType: 'Villa' as const,
};

/** Where the app is: the address bar a visitor would read. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}`}</output>;
}

function renderHome(path: string) {
  return renderInApp(
    <>
      <PropertySearchSection />
      <Address />
    </>,
    { path, route: '/' },
  );
}

/** Search results as the server sends them: the listings' cards. */
const results = (items: Property[]) => json(items.map(cardOf), 200);

describe('Home search', () => {
  it('shows the results of the search its address holds, with the fields filled in', async () => {
    const api = fakeApi({
      'GET /properties/search?location=Austin&propertyType=Villa&limit=12&fields=card': results([
        villa,
      ]),
    });
    renderHome('/?location=Austin&propertyType=Villa');

    expect(await screen.findByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hillside Villa' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('Austin');
    expect(screen.getByLabelText('Property type')).toHaveValue('Villa');
    expect(screen.getByLabelText('Price range')).toHaveValue('');
    expect(api.sent).toHaveLength(1);
  });

  it('reads the address a search sent without JavaScript (empty choices included) as the same search', async () => {
    fakeApi({ 'GET /properties/search?location=Austin&limit=12&fields=card': results([villa]) });
    renderHome('/?location=Austin&propertyType=&priceRange=');

    expect(await screen.findByRole('heading', { name: 'Hillside Villa' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 1 property.')).toBeInTheDocument();
  });

  it('is a plain GET form to Home’s results, with the fields named as the address parameters', async () => {
    fakeApi({ 'GET /properties/search?limit=6&fields=card': results([listing]) });
    renderHome('/');
    expect(await screen.findByRole('heading', { name: listing.title })).toBeInTheDocument();

    const form = screen.getByRole('searchbox', { name: 'Location' }).closest('form');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('/#search-results');
    expect(document.getElementById('search-results')).toContainElement(
      screen.getByRole('heading', { name: 'Featured Properties' }),
    );
    const names = [...(form?.elements ?? [])]
      .map((field) => field.getAttribute('name'))
      .filter(Boolean);
    expect(names).toEqual(['location', 'propertyType', 'priceRange']);
  });

  it('with JavaScript, puts the search in the address and shows its results without leaving the page', async () => {
    fakeApi({
      'GET /properties/search?limit=6&fields=card': results([listing]),
      'GET /properties/search?location=Austin&priceRange=%24100k+-+%24300k&limit=12&fields=card':
        results([villa]),
    });
    const { user } = renderHome('/');
    expect(await screen.findByRole('heading', { name: listing.title })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox'), 'Austin');
    await user.selectOptions(screen.getByLabelText('Price range'), '$100k - $300k');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByRole('heading', { name: 'Hillside Villa' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(
      '/?location=Austin&priceRange=%24100k+-+%24300k',
    );
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(1);
    expect(within(cards[0] as HTMLElement).getByText('Austin, TX')).toBeInTheDocument();
  });
});
