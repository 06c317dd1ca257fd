import type { MarketplaceDashboard, User } from '@keyhaven/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { drawnCharts } from '@/components/charts/fake-uplot';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { agent } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { MarketplaceDashboardPage } from './marketplace-dashboard-page';

vi.mock('uplot', () => import('@/components/charts/fake-uplot'));

beforeEach(() => {
  drawnCharts.length = 0;
});

const admin: User = { ...agent, _id: 'admin-1', uid: 'admin-1', role: 'admin', name: 'Ada Admin' };

const dashboard = (period: number, change: Partial<MarketplaceDashboard> = {}) =>
  ({
    period,
    from: '2026-10-26',
    to: '2026-11-24',
    pending: {
      count: 14,
      oldest: [
        {
          _id: '00000000-0000-4000-8000-000000000001',
          title: 'Sunny Lakeside Cottage',
          location: 'Austin, TX',
          agentName: 'Alex Agent',
          agentEmail: 'agent1@keyhaven.test',
          waitingSince: '2026-11-12T09:00:00.000Z',
          ageDays: 12,
        },
        {
          _id: '00000000-0000-4000-8000-000000000002',
          title: 'Downtown Loft',
          location: 'Denver, CO',
          agentName: 'Ann Agent',
          agentEmail: 'agent2@keyhaven.test',
          waitingSince: '2026-11-23T09:00:00.000Z',
          ageDays: 1,
        },
      ],
    },
    decisions: [
      { day: '2026-11-23', approved: 4, rejected: 1 },
      { day: '2026-11-24', approved: 2, rejected: 0 },
    ],
    newUsers: [
      { day: '2026-11-23', user: 10, agent: 2, admin: 0, fraud: 1 },
      { day: '2026-11-24', user: 7, agent: 1, admin: 1, fraud: 0 },
    ],
    offersByWeek: [
      { week: '2026-11-16', made: 30, accepted: 8, paid: 5 },
      { week: '2026-11-23', made: 12, accepted: 3, paid: 1 },
    ],
    salesByMonth: [
      { month: '2026-10', sales: 3, volume: 1_250_000 },
      { month: '2026-11', sales: 2, volume: 780_000.5 },
    ],
    topLocationsByListings: [
      { location: 'Austin, TX', listings: 31 },
      { location: 'Denver, CO', listings: 12 },
    ],
    topLocationsBySales: [{ location: 'Austin, TX', sales: 4, volume: 1_650_000 }],
    ...change,
  }) satisfies MarketplaceDashboard;

const renderPage = (path = '/dashboard/marketplace') =>
  renderInApp(<MarketplaceDashboardPage />, {
    signedInAs: admin,
    path,
    route: '/dashboard/marketplace',
  });

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('the marketplace dashboard', () => {
  it('shows the approval queue, oldest first, with each listing linked to its page', async () => {
    fakeApi({ 'GET /api/admin/dashboard?period=30': json(dashboard(30)) });
    renderPage();

    const queue = await screen.findByRole('region', { name: 'Waiting for approval' });
    expect(queue).toHaveTextContent('14 listings wait for approval.');
    const waiting = within(queue).getAllByRole('listitem');
    expect(waiting.map((item) => item.textContent)).toEqual([
      'Sunny Lakeside CottageAustin, TX · Alex Agent (agent1@keyhaven.test)Waiting 12 days',
      'Downtown LoftDenver, CO · Ann Agent (agent2@keyhaven.test)Waiting 1 day',
    ]);
    expect(within(queue).getByRole('link', { name: 'Sunny Lakeside Cottage' })).toHaveAttribute(
      'href',
      '/propertyDetails/00000000-0000-4000-8000-000000000001',
    );
  });

  it('draws each chart with a table of the same numbers', async () => {
    fakeApi({ 'GET /api/admin/dashboard?period=30': json(dashboard(30)) });
    renderPage();

    await screen.findByRole('figure', { name: 'Listings approved and rejected per day' });
    const charts = [
      'Listings approved and rejected per day',
      'New accounts per day, by role',
      'Offers per week',
      'Sales volume per month',
    ];
    const tableOf = (name: string) =>
      rowsOf(within(screen.getByRole('figure', { name })).getByRole('table'));
    expect(Object.fromEntries(charts.map((name) => [name, tableOf(name)]))).toEqual({
      'Listings approved and rejected per day': [
        'DayApprovedRejected',
        'November 23, 202641',
        'November 24, 202620',
      ],
      // Buyers, agents, admins, fraud.
      'New accounts per day, by role': [
        'DayBuyersAgentsAdminsMarked fraud',
        'November 23, 202610201',
        'November 24, 20267110',
      ],
      'Offers per week': [
        'WeekMadeAcceptedPaid',
        'Week of November 16, 20263085',
        'Week of November 23, 20261231',
      ],
      'Sales volume per month': [
        'MonthSales volumeSales',
        'October 2026$1,250,0003',
        'November 2026$780,0012',
      ],
    });

    await waitFor(() => expect(drawnCharts).toHaveLength(4));
    const [, newUsers] = drawnCharts;
    // Stacked: running totals, the whole column (every role) drawn first.
    expect(newUsers?.data).toEqual([
      [0, 1],
      [13, 9],
      [12, 9],
      [12, 8],
      [10, 7],
    ]);
  });

  it('lists the top locations by listings and by sales', async () => {
    fakeApi({ 'GET /api/admin/dashboard?period=30': json(dashboard(30)) });
    renderPage();

    expect(
      rowsOf(await screen.findByRole('table', { name: 'Top locations by new listings' })),
    ).toEqual(['LocationListings', 'Austin, TX31', 'Denver, CO12']);
    expect(rowsOf(screen.getByRole('table', { name: 'Top locations by sales' }))).toEqual([
      'LocationSalesVolume',
      'Austin, TX4$1,650,000',
    ]);
  });

  it('changes the period in the address, and the exports with it', async () => {
    const api = fakeApi({
      'GET /api/admin/dashboard?period=30': json(dashboard(30)),
      'GET /api/admin/dashboard?period=365': json(
        dashboard(365, {
          pending: { count: 0, oldest: [] },
          topLocationsBySales: [],
        }),
      ),
    });
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Waiting for approval' });
    const exportOf = (name: RegExp) => screen.getByRole('link', { name });
    expect(exportOf(/^Users \(CSV\)/)).toHaveAttribute(
      'href',
      '/api/admin/exports/users?period=30',
    );

    await user.click(screen.getByRole('link', { name: 'Last 12 months' }));

    expect(await screen.findByText('No listing is waiting for approval.')).toBeInTheDocument();
    expect(screen.getByText('No home was sold in this period.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Last 12 months' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(api.requestsTo('GET /api/admin/dashboard?period=365')).toHaveLength(1);
    for (const [name, kind] of [
      [/^Users \(CSV\)/, 'users'],
      [/^Listings \(CSV\)/, 'listings'],
      [/^Sales \(CSV\)/, 'sales'],
    ] as const) {
      expect(exportOf(name)).toHaveAttribute('href', `/api/admin/exports/${kind}?period=365`);
      expect(exportOf(name)).toHaveAttribute('download');
    }
    expect(exportOf(/^Sales \(CSV\)/)).toHaveAccessibleName('Sales (CSV), last 365 days');
  });

  it('offers a retry when the figures fail to load', async () => {
    let failing = true;
    fakeApi({
      'GET /api/admin/dashboard?period=90': () =>
        failing
          ? refusal(429, 'Too many requests. Try again in a minute.', 'RATE_LIMITED')
          : json(dashboard(90)),
    });
    const { user } = renderPage('/dashboard/marketplace?period=90');

    expect(
      await screen.findByText('Too many requests. Try again in a minute.'),
    ).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Waiting for approval' })).toBeVisible();
  });
});
