import { cardOf, type Property } from '@keyhaven/shared';
import { PRICE_BANDS, PRICE_RANGES, PROPERTY_TYPES } from '@keyhaven/shared/constants';
import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
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

/** A page of the catalogue with its total, as the server sends it: the listings' cards. */
const catalogue = (items: Property[], total = items.length) =>
  new Response(JSON.stringify(items.map(cardOf)), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });

const LIST = 'GET /api/all-properties';

const FACETS = 'GET /api/all-properties/facets';
const PINS = 'GET /api/all-properties/pins';

/** The counts beside the filters, as the server sends them: every type and bucket counted. */
function facets(countOf: (choice: string) => number) {
  return json({
    total: 2,
    types: PROPERTY_TYPES.map((propertyType) => ({ propertyType, count: countOf(propertyType) })),
    priceRanges: PRICE_RANGES.map(({ label }) => ({ label, count: countOf(label) })),
    priceBands: PRICE_BANDS.map(({ id, label }) => ({ id, label, count: countOf(label) })),
  });
}

/** The map's pins of a search. */
const pinsOf = (items: Array<typeof listing>, total = items.length) =>
  json({
    pins: items.map(
      ({ _id, lat, lng, minPrice, maxPrice, title, bedrooms, bathrooms, areaSize }) => ({
        _id,
        lat,
        lng,
        minPrice,
        maxPrice,
        title,
        image: null,
        bedrooms,
        bathrooms,
        areaSize,
      }),
    ),
    total,
  });

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
        {props.pinsState.loading
          ? 'loading'
          : `${props.pins.map((pin) => pin._id).join(',')} of ${props.pinsState.total}`}
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
      [`${LIST}?sort=newest&page=1&limit=24&fields=card`]: catalogue([listing, villa]),
      [FACETS]: facets((choice) => (choice === 'House' ? 7 : 1)),
      [`${FACETS}?types=House%2CVilla&features=Garden&maxPrice=600000&minBeds=3`]: facets(() => 1),
      [PINS]: pinsOf([listing, villa]),
      [`${PINS}?types=House%2CVilla&features=Garden&maxPrice=600000&minBeds=3`]: pinsOf([villa]),
      [`${LIST}?types=House%2CVilla&features=Garden&maxPrice=600000&minBeds=3&sort=newest&page=1&limit=24&fields=card`]:
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
    // One request brings every count: the open panel asks for those of the new search alone.
    expect(
      api.sent.filter((request) => request.path.startsWith('/api/all-properties/facets')),
    ).toHaveLength(2);
  });

  it('shows whole listings as cards from a server that does not know cards yet', async () => {
    fakeApi({
      // An instance not yet upgraded ignores fields=card: descriptions and every photo.
      [`${LIST}?sort=newest&page=1&limit=24&fields=card`]: new Response(
        JSON.stringify([listing, villa]),
        { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': '2' } },
      ),
      [FACETS]: facets(() => 1),
      [PINS]: pinsOf([listing, villa]),
    });
    renderPage('/all-properties');
    expect(await screen.findByText('2 properties')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: villa.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: listing.title })).toBeInTheDocument();
  });

  it('says what to fix when the maximum price is under the minimum, and asks nothing', async () => {
    const api = fakeApi({
      [`${LIST}?sort=newest&page=1&limit=24&fields=card`]: catalogue([listing]),
      [FACETS]: facets(() => 1),
      [PINS]: pinsOf([listing]),
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

  it('puts every home of the search on the map, beyond the page, marks the one whose card the buyer points at, and notes one with no map position', async () => {
    const elsewhere = { ...listing, _id: 'page-9-home' };
    fakeApi({
      [`${LIST}?sort=newest&page=1&limit=24&fields=card`]: catalogue([listing, unpinned], 1300),
      [PINS]: pinsOf([listing, elsewhere], 1250),
    });
    const { user } = renderPage('/all-properties?view=map');
    const card = (await screen.findByRole('heading', { name: unpinned.title })).closest('li');
    expect(card).toHaveTextContent('No map position');
    expect(await screen.findByRole('status', { name: 'On the map' })).toHaveTextContent(
      `${listing._id},page-9-home of 1250`,
    );

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
      [`${LIST}?sort=newest&page=2&limit=24&fields=card`]: catalogue([listing], 30),
      [`${LIST}?bbox=-98%2C30%2C-97.5%2C30.5&sort=newest&page=1&limit=24&fields=card`]: catalogue([
        villa,
      ]),
      [PINS]: pinsOf([listing]),
      [`${PINS}?bbox=-98%2C30%2C-97.5%2C30.5`]: pinsOf([villa]),
    });
    const { user } = renderPage('/all-properties?page=2&view=map');
    expect(await screen.findByText('30 properties')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search this area' }));
    expect(await screen.findByText('1 property')).toBeInTheDocument();
    expect(address()).toBe('?bbox=-98,30,-97.5,30.5&view=map');
    expect(await screen.findByRole('status', { name: 'On the map' })).toHaveTextContent(
      `${villa._id} of 1`,
    );
    // The map's pins follow the filters and the area, never the page.
    expect(api.sent.map((request) => request.path).sort()).toEqual([
      '/api/all-properties/pins',
      '/api/all-properties/pins?bbox=-98%2C30%2C-97.5%2C30.5',
      '/api/all-properties?bbox=-98%2C30%2C-97.5%2C30.5&sort=newest&page=1&limit=24&fields=card',
      '/api/all-properties?sort=newest&page=2&limit=24&fields=card',
    ]);
  });

  it.each([
    ['the open panel', true],
    ['beside the Filters button', false],
  ])(
    '"Clear all" in %s clears every filter, the location, the area and the outline, keeping the order',
    async (_where, inPanel) => {
      const everything =
        '?location=Austin&types=House,Villa&features=Garden&minPrice=100000&maxPrice=600000&minBeds=3&minBaths=2' +
        '&bbox=-98,30,-97.5,30.5&polygon=-98,30;-97.5,30;-97.5,30.5&sort=price-asc';
      // Whatever the search, the page is answered with one listing; after the clear, with two.
      const answers = new Proxy({} as Record<string, Response>, {
        get: (_routes, route: string) =>
          route.startsWith(`${LIST}?sort=price-asc&page=1`)
            ? catalogue([listing, villa])
            : route.startsWith(LIST)
              ? catalogue([villa])
              : route.startsWith(FACETS)
                ? facets(() => 1)
                : route.startsWith(PINS)
                  ? pinsOf([villa])
                  : undefined,
      });
      fakeApi(answers);
      const { user } = renderPage(`/all-properties${everything}`);
      expect(await screen.findByText('1 property')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Filters (6)' })).toBeInTheDocument();
      if (inPanel) {
        await user.click(screen.getByRole('button', { name: 'Filters (6)' }));
        const panel = screen.getByRole('form', { name: 'Filters' });
        await user.click(within(panel).getByRole('button', { name: 'Clear all' }));
      } else {
        await user.click(screen.getByRole('button', { name: 'Clear all' }));
      }

      expect(await screen.findByText('2 properties')).toBeInTheDocument();
      expect(address()).toBe('?sort=price-asc');
      expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
      expect(screen.getByLabelText('Location')).toHaveValue('');
      if (inPanel) {
        const panel = screen.getByRole('form', { name: 'Filters' });
        expect(within(panel).getByLabelText('Min price ($)')).toHaveValue('');
        expect(within(panel).getByLabelText('Max price ($)')).toHaveValue('');
        expect(within(panel).getByLabelText('Bedrooms')).toHaveValue('');
        expect(within(panel).getByLabelText('Bathrooms')).toHaveValue('');
        expect(within(panel).getByLabelText(/^House/)).not.toBeChecked();
        expect(within(panel).getByLabelText('Garden')).not.toBeChecked();
      }
    },
  );
});
