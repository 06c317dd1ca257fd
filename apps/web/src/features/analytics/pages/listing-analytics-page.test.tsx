import type { ListingAnalytics, ListingAnalyticsPage as ListingsPage } from '@keyhaven/shared';
import { ANALYTICS_MESSAGES } from '@keyhaven/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { drawnCharts } from '@/components/charts/fake-uplot';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { agent } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { ListingAnalyticsPage } from './listing-analytics-page';

vi.mock('uplot', () => import('@/components/charts/fake-uplot'));

beforeEach(() => {
  drawnCharts.length = 0;
});

const days = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    day: `2026-11-${String(index + 1).padStart(2, '0')}`,
    views: index === 0 ? 70 : 50,
    saves: index === 0 ? 0 : 9,
  }));

const summary = (period: number, change: Partial<ListingAnalytics> = {}): ListingAnalytics => ({
  period,
  from: '2026-11-01',
  to: '2026-11-02',
  totals: { views: 120, saves: 9, offers: 3, accepted: 1, sold: 0 },
  previous: { views: 100, saves: 0, offers: 6, accepted: 1, sold: 0 },
  daily: days(2),
  listings: 2,
  ...change,
});

const row = (id: number, title: string, figures: Partial<ListingsPage['items'][number]> = {}) => ({
  _id: `00000000-0000-4000-8000-00000000000${id}`,
  title,
  location: 'Austin, TX',
  approval: 'true' as const,
  availability: 'Available' as const,
  views: 80,
  saves: 6,
  offers: 2,
  accepted: 1,
  sold: 0,
  daysOnMarket: 41,
  pricePerSqft: 212.5,
  ...figures,
});

const listings: ListingsPage = {
  items: [
    row(1, 'Sunny Lakeside Cottage'),
    row(2, 'Downtown Loft', { views: 40, saves: 3, offers: 1, accepted: 0, pricePerSqft: null }),
  ],
  total: 2,
};

const tableQuery = (query: string) => `GET /api/agent/analytics/listings?${query}`;
const DEFAULT_TABLE = tableQuery('period=30&sort=views&order=desc&page=1&limit=20');

const renderPage = (path = '/dashboard/analytics') =>
  renderInApp(<ListingAnalyticsPage />, {
    signedInAs: agent,
    path,
    route: '/dashboard/analytics',
  });

describe('the analytics page', () => {
  it('shows the totals with their change, the daily chart, the funnel and the listings', async () => {
    fakeApi({
      'GET /api/agent/analytics?period=30': json(summary(30)),
      [DEFAULT_TABLE]: json(listings),
    });
    renderPage();

    const totals = await screen.findByRole('list', { name: 'Totals' });
    const cards = within(totals).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Views120▲ Up 20% against the 30 days before',
      'Saves9New against the 30 days before',
      'Offers3▼ Down 50% against the 30 days before',
      'Accepted1No change against the 30 days before',
      'Sold0No change against the 30 days before',
    ]);
    expect(within(totals).getByText('20%').previousSibling).toHaveTextContent('Up');

    const chart = screen.getByRole('figure', { name: 'Views and saves per day' });
    const chartRows = within(within(chart).getByRole('table')).getAllByRole('row');
    expect(chartRows.map((r) => r.textContent)).toEqual([
      'DayViewsSaves',
      'November 1, 2026700',
      'November 2, 2026509',
    ]);
    await waitFor(() => expect(drawnCharts).toHaveLength(1));
    expect(drawnCharts[0]?.data).toEqual([
      [0, 1],
      [70, 50],
      [0, 9],
    ]);

    const funnel = screen.getByRole('list', { name: 'From a view to a sale' });
    expect(
      within(funnel)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      'Views: 120',
      'Saves: 97.5% of views',
      'Offers: 32.5% of views',
      'Accepted: 133.3% of offers',
      'Sold: 00% of accepted',
    ]);

    const table = screen.getByRole('table', { name: 'Your listings, last 30 days' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(
      within(header as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.replace(/[▲▼↕]/, '')),
    ).toEqual([
      'Listing',
      'Views',
      'Saves',
      'Offers',
      'Accepted',
      'Sold',
      'Days on market',
      'Price / sq ft',
    ]);
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Sunny Lakeside CottageAustin, TX', '80', '6', '2', '1', '0', '41', '$213']);
    expect(
      within(second as HTMLElement)
        .getAllByRole('cell')
        .at(-1),
    ).toHaveTextContent('—');
    expect(within(table).getByRole('link', { name: 'Sunny Lakeside Cottage' })).toHaveAttribute(
      'href',
      '/propertyDetails/00000000-0000-4000-8000-000000000001',
    );
    expect(screen.getByText('2 listings')).toBeInTheDocument();
  });

  it('asks for the chosen period, keeping it in the address', async () => {
    const api = fakeApi({
      'GET /api/agent/analytics?period=30': json(summary(30)),
      [DEFAULT_TABLE]: json(listings),
      'GET /api/agent/analytics?period=7': json(summary(7, { daily: days(7) })),
      [tableQuery('period=7&sort=views&order=desc&page=1&limit=20')]: json(listings),
    });
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Totals' });

    const periods = screen.getByRole('navigation', { name: 'Period' });
    expect(within(periods).getByRole('link', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await user.click(within(periods).getByRole('link', { name: 'Last 7 days' }));

    // Accepted and sold stayed the same.
    expect(await screen.findAllByText('No change against the 7 days before')).toHaveLength(2);
    expect(within(periods).getByRole('link', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(api.requestsTo('GET /api/agent/analytics?period=7')).toHaveLength(1);
    expect(
      await screen.findByRole('table', { name: 'Your listings, last 7 days' }),
    ).toBeInTheDocument();
  });

  it('opens at the period, sort and page its address names', async () => {
    fakeApi({
      'GET /api/agent/analytics?period=90': json(summary(90)),
      [tableQuery('period=90&sort=title&order=asc&page=2&limit=20')]: json({
        items: [row(3, 'Alder House')],
        total: 21,
      }),
    });
    renderPage('/dashboard/analytics?period=90&sort=title&order=asc&page=2');

    const table = await screen.findByRole('table', { name: 'Your listings, last 90 days' });
    expect(within(table).getByRole('columnheader', { name: /Listing/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByText('21 listings')).toBeInTheDocument();
  });

  it('sorts the listings by a column on the server, biggest first, then the other way', async () => {
    const api = fakeApi({
      'GET /api/agent/analytics?period=30': json(summary(30)),
      [DEFAULT_TABLE]: json(listings),
      [tableQuery('period=30&sort=offers&order=desc&page=1&limit=20')]: json(listings),
      [tableQuery('period=30&sort=offers&order=asc&page=1&limit=20')]: json({
        items: [...listings.items].reverse(),
        total: 2,
      }),
    });
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Your listings, last 30 days' });
    const header = (name: RegExp) => within(table).getByRole('columnheader', { name });

    expect(header(/Views/)).toHaveAttribute('aria-sort', 'descending');
    expect(header(/Offers/)).not.toHaveAttribute('aria-sort');

    await user.click(within(header(/Offers/)).getByRole('button'));
    await waitFor(() => expect(header(/Offers/)).toHaveAttribute('aria-sort', 'descending'));
    expect(header(/Views/)).not.toHaveAttribute('aria-sort');

    // By keyboard: the heading's button takes Enter.
    within(header(/Offers/))
      .getByRole('button')
      .focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(header(/Offers/)).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Downtown Loft'),
    );
    expect(
      api.requestsTo(tableQuery('period=30&sort=offers&order=asc&page=1&limit=20')),
    ).toHaveLength(1);
  });

  it('says so when the agent has no listings yet', async () => {
    fakeApi({
      'GET /api/agent/analytics?period=30': json(
        summary(30, {
          listings: 0,
          totals: { views: 0, saves: 0, offers: 0, accepted: 0, sold: 0 },
          previous: { views: 0, saves: 0, offers: 0, accepted: 0, sold: 0 },
        }),
      ),
      [DEFAULT_TABLE]: json({ items: [], total: 0 }),
    });
    renderPage();

    expect(await screen.findByText(ANALYTICS_MESSAGES.noListings)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('list', { name: 'Totals' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('never shows a step as more than all of the one it follows: an offer follows a view, and more of a step than of the one before are so many per one', async () => {
    fakeApi({
      'GET /api/agent/analytics?period=30': json(
        summary(30, { totals: { views: 1, saves: 1, offers: 4, accepted: 3, sold: 3 } }),
      ),
      [DEFAULT_TABLE]: json(listings),
    });
    renderPage();
    const funnel = await screen.findByRole('list', { name: 'From a view to a sale' });
    const steps = within(funnel).getAllByRole('listitem');
    const said = steps.map((step) => step.querySelector('span + span')?.textContent ?? null);
    expect(said).toEqual([
      null,
      '100% of views',
      '4 offers per view',
      '75% of offers',
      '100% of accepted',
    ]);
  });

  it('says so when nothing happened in the period', async () => {
    const zero = { views: 0, saves: 0, offers: 0, accepted: 0, sold: 0 };
    fakeApi({
      'GET /api/agent/analytics?period=30': json(
        summary(30, {
          totals: zero,
          previous: zero,
          daily: days(2).map((d) => ({ ...d, views: 0, saves: 0 })),
        }),
      ),
      [DEFAULT_TABLE]: json(listings),
    });
    renderPage();

    expect(await screen.findByText(ANALYTICS_MESSAGES.noData)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('list', { name: 'From a view to a sale' })).toHaveTextContent(
      'no views to convert',
    );
  });

  it('offers a retry when the figures fail to load', async () => {
    // A refusal is not retried by itself, and its reason is the server's.
    let failing = true;
    fakeApi({
      'GET /api/agent/analytics?period=30': () =>
        failing
          ? refusal(429, 'Too many requests. Try again in a minute.', 'RATE_LIMITED')
          : json(summary(30)),
      [DEFAULT_TABLE]: json(listings),
    });
    const { user } = renderPage();

    expect(
      await screen.findByText('Too many requests. Try again in a minute.'),
    ).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Totals' })).toBeInTheDocument();
  });
});
