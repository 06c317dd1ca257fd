import { useMemo } from 'react';
import { Chart } from '@/components/charts/chart';
import type { ListingAnalytics } from '../api/twins';
import { dayLabel, dayTick } from '../lib/figures';

/** Views and saves of the agent's listings on each day of the period, as two lines. */
export function DailyChart({ analytics }: { analytics: ListingAnalytics }) {
  const { daily, period } = analytics;
  const drawn = useMemo(
    () => ({
      labels: daily.map((point) => dayLabel(point.day)),
      ticks: daily.map((point) => dayTick(point.day)),
      series: [
        { label: 'Views', values: daily.map((point) => point.views) },
        { label: 'Saves', values: daily.map((point) => point.saves) },
      ],
    }),
    [daily],
  );
  return (
    <Chart
      title="Views and saves per day"
      description={`Each day of the last ${period} days, today included.`}
      kind="line"
      pointName="Day"
      {...drawn}
    />
  );
}
