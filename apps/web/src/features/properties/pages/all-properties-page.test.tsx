import { PRICE_RANGES, PROPERTY_TYPES } from '@keyhaven/shared/constants';
import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { buyer, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { AllPropertiesPage, type CatalogueMapProps } from './all-properties-page';

const villa = {
  ...listing,
  _id: 'villa-1',
  title: 'Hillside Villa',
  propertyType: 'Villa' as const,
};
const unpinned = { ...listing, _id: 'far-1', title: 'Off-Grid Cabin', lat: null, lng: null };

/** A page of the catalogue with its total, as the server sends it. */
const catalogue = (items: unknown[], total = items.length) =>
  new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });

const LIST = 'GET /api/all-properties';

type Narrowing = { types?: string; features?: string; maxPrice?: string; minBeds?: string };

/**
 * The count requests the open filters make for each type and price bucket of a search, each
 * answered: a type's count keeps the other filters, a bucket's replaces the price bounds.
 */
function countRoutes({ types, ...rest }: Narrowing, countOf: (query: string) => number) {
  const routes: Record<string, Response> = {};
  const paging = { sort: 'newest', page: '1', limit: '1' };
  const answer = (params: Record<string, string | undefined>) => {
    const query = new URLSearchParams(
      Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ).toString();
    routes[`${LIST}?${query}`] = catalogue([listing], countOf(query));
  };
  for (const type of PROPERTY_TYPES) {
    answer({
      propertyType: type,
      features: rest.features,
      maxPrice: rest.maxPrice,
      minBeds: rest.minBeds,
      ...paging,
    });
  }
  for (const range of PRICE_RANGES) {
    answer({
      types,
      features: rest.features,
      minPrice: String(range.min),
      maxPrice: range.max ? String(range.max) : undefined,
      minBeds: rest.minBeds,
      ...paging,
    });
  }
  return routes;
}

function Address() {
  const { search } = useLocation();
  return <output aria-label="Address">{search}</output>;
}

/** Stands in for the map (MapLibre needs WebGL): shows what it is given, acts as the map would. */
function MapStandIn(props: CatalogueMapProps) {
  return (
    <div>
      <output aria-label="Marked on the map">{props.highlightedId ?? 'nothing'}</output>
      <output aria-label="On the map">
        {props.listings.filter((item) => item.lat !== null).length}
      </output>
      <button
        type="button"
        onClick={() => props.onSearchArea({ west: -98, south: 30, east: -97.5, north: 30.5 })}
      >
        Search this area
      </button>
    </div>
  );
}

function renderPage(path: string) {
  return renderInApp(
    <>
      <AllPropertiesPage map={(props) => <MapStandIn {...props} />} />
      <Address />
    </>,
    { path, route: '/all-properties', signedInAs: buyer },
  );
}

const address = () =>
  decodeURIComponent(screen.getByRole('status', { name: 'Address' }).textContent ?? '');

describe('All Properties', () => {
  it('puts the filters of the panel in the address and asks for them, with counts beside the choices', async () => {
    const api = fakeApi({
      [`${LIST}?sort=newest&page=1&limit=24`]: catalogue([listing, villa]),
      ...countRoutes({}, (query) => (query.startsWith('propertyType=House') ? 7 : 1)),
      ...countRoutes(
        { types: 'House,Villa', features: 'Garden', maxPrice: '600000', minBeds: '3' },
        () => 1,
      ),
      [`${LIST}?types=House%2CVilla&features=Garden&maxPrice=600000&minBeds=3&sort=newest&page=1&limit=24`]:
        catalogue([villa]),
    });
    const { user } = renderPage('/all-properties');
    expect(await screen.findByText('2 properties')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('form', { name: 'Filters' });
    expect(await within(panel).findByLabelText('House (7)')).toBeInTheDocument();
    expect(await within(panel).findByRole('button', { name: '$600k+ (1)' })).toBeInTheDocument();

    await user.click(within(panel).getByLabelText('House (7)'));
    await user.click(within(panel).getByLabelText('Villa (1)'));
    await user.click(within(panel).getByLabelText('Garden'));
    await user.selectOptions(within(panel).getByLabelText('Bedrooms'), '3');
    await user.type(within(panel).getByLabelText('Max price ($)'), '600000');
    await user.click(within(panel).getByRole('button', { name: 'Show results' }));

    expect(await screen.findByText('1 property')).toBeInTheDocument();
    expect(address()).toBe('?types=House,Villa&features=Garden&maxPrice=600000&minBeds=3');
    expect(screen.getByRole('button', { name: 'Filters (4)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Property type')).toHaveValue('House,Villa');
    expect(api.sent.at(-1)?.path).toContain('types=House%2CVilla');
  });

  it('says what to fix when the maximum price is under the minimum, and asks nothing', async () => {
    const api = fakeApi({
      [`${LIST}?sort=newest&page=1&limit=24`]: catalogue([listing]),
      ...countRoutes({}, () => 1),
    });
    const { user } = renderPage('/all-properties');
    expect(await screen.findByText('1 property')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('form', { name: 'Filters' });
    await user.type(within(panel).getByLabelText('Min price ($)'), '500000');
    await user.type(within(panel).getByLabelText('Max price ($)'), '100000');
    const sentBefore = api.sent.length;
    await user.click(within(panel).getByRole('button', { name: 'Show results' }));

    const max = within(panel).getByLabelText('Max price ($)');
    expect(max).toHaveAccessibleDescription('Max price must be ≥ min price');
    expect(max).toHaveFocus();
    await user.clear(within(panel).getByLabelText('Min price ($)'));
    await user.type(within(panel).getByLabelText('Min price ($)'), '1e5');
    await user.click(within(panel).getByRole('button', { name: 'Show results' }));
    expect(within(panel).getByLabelText('Min price ($)')).toHaveAccessibleDescription(
      'Enter the price in digits',
    );
    expect(api.sent.length).toBe(sentBefore);
    expect(address()).toBe('');
  });

  it('marks on the map the listing whose card the buyer points at, and notes one with no map position', async () => {
    fakeApi({ [`${LIST}?sort=newest&page=1&limit=24`]: catalogue([listing, unpinned]) });
    const { user } = renderPage('/all-properties?view=map');
    const card = (await screen.findByRole('heading', { name: unpinned.title })).closest('li');
    expect(card).toHaveTextContent('No map position');
    expect(screen.getByRole('status', { name: 'On the map' })).toHaveTextContent('1');

    const first = screen.getByRole('heading', { name: listing.title }).closest('li');
    if (!first) throw new Error('no card');
    await user.hover(first);
    expect(screen.getByRole('status', { name: 'Marked on the map' })).toHaveTextContent(
      listing._id,
    );
    await user.unhover(first);
    expect(screen.getByRole('status', { name: 'Marked on the map' })).toHaveTextContent('nothing');
  });

  it('searches the area the map shows, from the first page, keeping the view', async () => {
    const api = fakeApi({
      [`${LIST}?sort=newest&page=2&limit=24`]: catalogue([listing], 30),
      [`${LIST}?bbox=-98%2C30%2C-97.5%2C30.5&sort=newest&page=1&limit=24`]: catalogue([villa]),
    });
    const { user } = renderPage('/all-properties?page=2&view=map');
    expect(await screen.findByText('30 properties')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search this area' }));
    expect(await screen.findByText('1 property')).toBeInTheDocument();
    expect(address()).toBe('?bbox=-98,30,-97.5,30.5&view=map');
    expect(api.sent).toHaveLength(2);
  });
});
