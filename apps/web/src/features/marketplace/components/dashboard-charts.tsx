import { useMemo } from 'react';
import { Chart } from '@/components/charts/chart';
import type { MarketplaceDashboard } from '../api/twins';
import {
  dayLabel,
  dayTick,
  formatCount,
  formatDollars,
  formatDollarsShort,
  monthLabel,
  monthTick,
} from '../lib/format';

/** What each role is called on the dashboard, in the order the columns stack. */
const ROLES = [
  { key: 'user', label: 'Buyers' },
  { key: 'agent', label: 'Agents' },
  { key: 'admin', label: 'Admins' },
  { key: 'fraud', label: 'Marked fraud' },
] as const;

/**
 * The marketplace's activity over the period as four charts, each with its table: decisions on
 * listings and new accounts by day, offers by week, sales by month.
 */
export function DashboardCharts({ dashboard }: { dashboard: MarketplaceDashboard }) {
  const { decisions, newUsers, offersByWeek, salesByMonth, period } = dashboard;
  const charts = useMemo(
    () => ({
      decisions: {
        labels: decisions.map((point) => dayLabel(point.day)),
        ticks: decisions.map((point) => dayTick(point.day)),
        series: [
          { label: 'Approved', values: decisions.map((point) => point.approved) },
          { label: 'Rejected', values: decisions.map((point) => point.rejected) },
        ],
      },
      newUsers: {
        labels: newUsers.map((point) => dayLabel(point.day)),
        ticks: newUsers.map((point) => dayTick(point.day)),
        series: ROLES.map(({ key, label }) => ({
          label,
          values: newUsers.map((point) => point[key]),
        })),
      },
      offers: {
        labels: offersByWeek.map((point) => `Week of ${dayLabel(point.week)}`),
        ticks: offersByWeek.map((point) => dayTick(point.week)),
        series: [
          { label: 'Made', values: offersByWeek.map((point) => point.made) },
          { label: 'Accepted', values: offersByWeek.map((point) => point.accepted) },
          { label: 'Paid', values: offersByWeek.map((point) => point.paid) },
        ],
      },
      sales: {
        labels: salesByMonth.map((point) => monthLabel(point.month)),
        ticks: salesByMonth.map((point) => monthTick(point.month)),
        series: [{ label: 'Sales volume', values: salesByMonth.map((point) => point.volume) }],
        tableExtras: [
          {
            label: 'Sales',
            values: salesByMonth.map((point) => point.sales),
            format: formatCount,
          },
        ],
      },
    }),
    [decisions, newUsers, offersByWeek, salesByMonth],
  );

  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-2">
      <Chart
        title="Listings approved and rejected per day"
        description={`Admins' decisions on each day of the last ${period} days.`}
        kind="bars"
        pointName="Day"
        {...charts.decisions}
      />
      <Chart
        title="New accounts per day, by role"
        description="Accounts opened each day, by the role each has today."
        kind="bars"
        stacked
        pointName="Day"
        {...charts.newUsers}
      />
      <Chart
        title="Offers per week"
        description="Offers made, accepted and paid each week; weeks start on Monday."
        kind="line"
        pointName="Week"
        {...charts.offers}
      />
      <Chart
        title="Sales volume per month"
        description="Dollars paid for homes sold each month."
        kind="bars"
        pointName="Month"
        formatValue={formatDollars}
        formatTick={formatDollarsShort}
        {...charts.sales}
      />
    </div>
  );
}
