import { cardOf, type Property } from '@keyhaven/shared';
import { PRICE_BANDS, PRICE_RANGES, PROPERTY_TYPES } from '@keyhaven/shared/constants';
import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { buyer, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { AllPropertiesPage, type CatalogueMapProps } from '../pages/all-properties-page';

const LIST = 'GET /api/all-properties';
const PINS = 'GET /api/all-properties/pins';
const FACETS = 'GET /api/all-properties/facets';

const forSale = { ...listing, _id: 'for-sale', title: 'Garden Bungalow' };
const soldHere: Property = {
  ...listing,
  _id: 'sold-here',
  title: 'Lakeside Condo',
  availability: 'Sold',
  soldStatus: 'true',
  soldPrice: 412_000,
  soldAt: '2026-11-12T15:30:00.000Z',
};
const soldByHand: Property = {
  ...soldHere,
  _id: 'sold-by-hand',
  title: 'Corner Townhouse',
  soldPrice: null,
  soldAt: '2026-10-02T09:00:00.000Z',
};

const page = (items: Property[]) =>
  new Response(JSON.stringify(items.map(cardOf)), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(items.length) },
  });

const noPins = json({ pins: [], total: 0 });
const facets = json({
  total: 0,
  types: PROPERTY_TYPES.map((propertyType) => ({ propertyType, count: 0 })),
  priceRanges: PRICE_RANGES.map(({ label }) => ({ label, count: 0 })),
  priceBands: PRICE_BANDS.map(({ id, label }) => ({ id, label, count: 0 })),
});

function Address() {
  const { search } = useLocation();
  return <output aria-label="Address">{decodeURIComponent(search)}</output>;
}

function MapStandIn(props: CatalogueMapProps) {
  return <output aria-label="On the map">{props.pins.map((pin) => pin._id).join(',')}</output>;
}

function renderPage(path: string) {
  return renderInApp(
    <>
      <AllPropertiesPage
        map={(props) => <MapStandIn {...props} />}
        searchActions={<button type="button">Save this search</button>}
      />
      <Address />
    </>,
    { path, route: '/all-properties', signedInAs: buyer },
  );
}

const address = () => screen.getByRole('status', { name: 'Address' }).textContent;

describe('All Properties sold mode', () => {
  it('switches to homes sold in the last 3 months, then 6, in the address, with each sale on its card', async () => {
    const api = fakeApi({
      [`${LIST}?sort=newest&page=1&limit=24&fields=card`]: page([forSale, soldHere]),
      [PINS]: noPins,
      [`${LIST}?sold=3&sort=newest&page=1&limit=24&fields=card`]: page([soldHere]),
      [`${PINS}?sold=3`]: noPins,
      [`${LIST}?sold=6&sort=newest&page=1&limit=24&fields=card`]: page([soldHere, soldByHand]),
      [`${PINS}?sold=6`]: json({
        pins: [{ ...soldHere, image: null, soldPrice: 412_000, soldAt: soldHere.soldAt }],
        total: 1,
      }),
    });
    const { user } = renderPage('/all-properties');
    expect(await screen.findByText('2 properties')).toBeInTheDocument();
    const modes = screen.getByRole('navigation', { name: 'Listings' });
    expect(within(modes).getByRole('link', { name: 'All listings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The catalogue shows a sold home's sale too.
    const soldCard = screen.getByRole('heading', { name: soldHere.title }).closest('article');
    expect(soldCard).toHaveTextContent('Sold $412,000');
    expect(soldCard).toHaveTextContent('Sold Nov 12, 2026');
    expect(screen.getByRole('button', { name: 'Save this search' })).toBeInTheDocument();

    // A link that works without the page's code: the same search in sold mode.
    const sold = within(modes).getByRole('link', { name: 'Sold' });
    expect(sold).toHaveAttribute('href', '/all-properties?sold=3');
    await user.click(sold);
    expect(await screen.findByText('1 sold home')).toBeInTheDocument();
    expect(address()).toBe('?sold=3');
    expect(sold).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/sold in the last 3 months/)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Newest sale first' })).toBeInTheDocument();
    // Saved searches tell of new homes for sale: not offered for sold ones.
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();

    // By keyboard: to the period, and Enter.
    const periods = screen.getByRole('navigation', { name: 'Sold in the last' });
    const sixMonths = within(periods).getByRole('link', { name: '6 months' });
    sixMonths.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('2 sold homes')).toBeInTheDocument();
    expect(address()).toBe('?sold=6');
    expect(within(periods).getByRole('link', { name: '6 months' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('status', { name: 'On the map' })).toHaveTextContent(
      'sold-here',
    );
    // Sold by its agent, not here: its date, and no price.
    const byHand = screen.getByRole('heading', { name: soldByHand.title }).closest('article');
    expect(byHand).toHaveTextContent('Sold Oct 2, 2026');
    expect(byHand).not.toHaveTextContent('$');
    expect(api.sent.map((request) => request.path)).toContain('/api/all-properties/pins?sold=6');

    await user.click(within(modes).getByRole('link', { name: 'All listings' }));
    expect(await screen.findByText('2 properties')).toBeInTheDocument();
    expect(address()).toBe('');
  });

  it('keeps the filters, area and order across modes, and keeps sold mode when they are cleared', async () => {
    fakeApi({
      [`${LIST}?location=Austin&minBeds=3&bbox=-98%2C30%2C-97.5%2C30.5&sort=price-desc&page=2&limit=24&fields=card`]:
        page([forSale]),
      [`${LIST}?location=Austin&minBeds=3&bbox=-98%2C30%2C-97.5%2C30.5&sold=3&sort=price-desc&page=1&limit=24&fields=card`]:
        page([]),
      [`${PINS}?location=Austin&minBeds=3&bbox=-98%2C30%2C-97.5%2C30.5&sold=3`]: noPins,
      [`${PINS}?location=Austin&minBeds=3&bbox=-98%2C30%2C-97.5%2C30.5`]: noPins,
      [`${LIST}?location=Austin&minBeds=3&bbox=-98%2C30%2C-97.5%2C30.5&sold=12&sort=price-desc&page=1&limit=24&fields=card`]:
        page([]),
      [`${PINS}?location=Austin&minBeds=3&bbox=-98%2C30%2C-97.5%2C30.5&sold=12`]: noPins,
      [`${LIST}?sold=12&sort=price-desc&page=1&limit=24&fields=card`]: page([soldHere]),
      [`${PINS}?sold=12`]: noPins,
      [`${FACETS}?sold=12`]: facets,
    });
    const { user } = renderPage(
      '/all-properties?location=Austin&minBeds=3&bbox=-98,30,-97.5,30.5&sort=price-desc&page=2',
    );
    const sold = await screen.findByRole('link', { name: 'Sold' });
    expect(sold).toHaveAttribute(
      'href',
      `/all-properties?${new URLSearchParams({ location: 'Austin', minBeds: '3', bbox: '-98,30,-97.5,30.5', sold: '3', sort: 'price-desc' })}`,
    );
    await user.click(sold);
    await user.click(await screen.findByRole('link', { name: '12 months' }));
    expect(
      await screen.findByText('No homes sold in the last 12 months match your criteria'),
    ).toBeInTheDocument();
    expect(address()).toBe(
      '?location=Austin&minBeds=3&bbox=-98,30,-97.5,30.5&sold=12&sort=price-desc',
    );
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('1 sold home')).toBeInTheDocument();
    expect(address()).toBe('?sold=12&sort=price-desc');
  });

  it('reads sold mode from an address it was shared in, and ignores a period it does not know', async () => {
    fakeApi({
      [`${LIST}?sold=6&sort=newest&page=1&limit=24&fields=card`]: page([soldHere]),
      [`${PINS}?sold=6`]: noPins,
      [`${LIST}?sort=newest&page=1&limit=24&fields=card`]: page([forSale]),
      [PINS]: noPins,
    });
    renderPage('/all-properties?sold=6');
    expect(await screen.findByText('1 sold home')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '6 months' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the whole catalogue for a period it does not know', async () => {
    fakeApi({
      [`${LIST}?sort=newest&page=1&limit=24&fields=card`]: page([forSale]),
      [PINS]: noPins,
    });
    renderPage('/all-properties?sold=24');
    expect(await screen.findByText('1 property')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sold in the last' })).not.toBeInTheDocument();
  });
});
