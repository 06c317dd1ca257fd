import { parseBbox } from '@keyhaven/shared/constants';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MAP_TEXTS } from '@/components/map/lazy-base-map';
import { LOCATION_TEXTS, nearbyArea, PropertyLocation } from './property-location';

const LISBON = { lat: 38.7223, lng: -9.1393 };

describe('where the home is, on its page', () => {
  it('links to a search of the area around the home, which holds the home', () => {
    render(
      <MemoryRouter>
        <PropertyLocation location="Lisbon, Portugal" {...LISBON} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Location' })).toBeInTheDocument();
    expect(screen.getByText('Lisbon, Portugal')).toBeInTheDocument();
    expect(screen.queryByText(LOCATION_TEXTS.noPosition)).not.toBeInTheDocument();

    const href = screen
      .getByRole('link', { name: LOCATION_TEXTS.searchNearby })
      .getAttribute('href');
    const url = new URL(href ?? '', 'http://localhost');
    expect(url.pathname).toBe('/all-properties');
    const area = parseBbox(url.searchParams.get('bbox') ?? '');
    if (!area.ok) throw new Error(area.message);
    expect(area.value.west).toBeLessThan(LISBON.lng);
    expect(area.value.east).toBeGreaterThan(LISBON.lng);
    expect(area.value.south).toBeLessThan(LISBON.lat);
    expect(area.value.north).toBeGreaterThan(LISBON.lat);
  });

  it('keeps the area on the map for a home beside the date line', () => {
    const area = nearbyArea({ lng: 179.99, lat: 0 });
    expect(area.west).toBeCloseTo(179.94);
    expect(area.east).toBe(180);
  });

  it('renders the same box on the server as in the browser before the map has loaded', () => {
    const html = renderToString(
      <MemoryRouter>
        <PropertyLocation location="Lisbon, Portugal" {...LISBON} />
      </MemoryRouter>,
    );
    expect(html).toContain(MAP_TEXTS.loading);
    expect(html).toContain(LOCATION_TEXTS.searchNearby);
  });

  it('says a home without a map position has none, with no map and no nearby search', () => {
    const { container } = render(
      <MemoryRouter>
        <PropertyLocation location="Porto, Portugal" lat={null} lng={null} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Porto, Portugal')).toBeInTheDocument();
    expect(screen.getByText(LOCATION_TEXTS.noPosition)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: LOCATION_TEXTS.searchNearby })).toBeNull();
    expect(container).not.toHaveTextContent(MAP_TEXTS.loading);
    expect(container).not.toHaveTextContent(MAP_TEXTS.unsupported);
  });
});
