import { ANALYTICS_MESSAGES } from '@keyhaven/shared/texts';
import type { ListingAnalytics } from '../api/twins';
import { type Change, changeOf } from '../lib/change';
import { FIGURES, formatCount } from '../lib/figures';

function ChangeText({ change, period }: { change: Change; period: number }) {
  const against = ANALYTICS_MESSAGES.comparedWith(period);
  if (change.kind === 'new') {
    return (
      <span className="text-teal-800">
        <span className="font-semibold">New</span> {against}
      </span>
    );
  }
  if (change.kind === 'same') return <span className="text-stone-700">No change {against}</span>;
  const up = change.kind === 'up';
  return (
    <span className={up ? 'text-teal-800' : 'text-red-800'}>
      <span aria-hidden>{up ? '▲' : '▼'} </span>
      <span className="sr-only">{up ? 'Up' : 'Down'} </span>
      <span className="font-semibold">{change.percent}%</span> {against}
    </span>
  );
}

/** The period's totals, one card each, with how each moved against the period before. */
export function TotalsCards({ analytics }: { analytics: ListingAnalytics }) {
  return (
    <ul
      aria-label="Totals"
      className="mt-4 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-5"
    >
      {FIGURES.map(({ key, label }) => (
        <li key={key} className="rounded-2xl border border-sand bg-white p-4 shadow-sm">
          <p className="text-sm font-medium text-stone-700">{label}</p>
          <p className="mt-1 text-3xl font-bold tracking-tight text-stone-900 tabular-nums">
            {formatCount(analytics.totals[key])}
          </p>
          <p className="mt-1 text-sm">
            <ChangeText
              change={changeOf(analytics.totals[key], analytics.previous[key])}
              period={analytics.period}
            />
          </p>
        </li>
      ))}
    </ul>
  );
}
