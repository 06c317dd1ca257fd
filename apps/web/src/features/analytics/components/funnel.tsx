import type { ListingFigures } from '@keyhaven/shared';
import { conversionOf } from '../lib/change';
import { FIGURES, formatCount } from '../lib/figures';

/**
 * How far buyers got, from a view of the details page to a sale: each step's count, a bar as
 * long as its share of the views, and what it came to against the step it follows from. Plain
 * HTML, so every number is text a screen reader reads and a phone wraps.
 */
export function Funnel({ totals, headingId }: { totals: ListingFigures; headingId: string }) {
  const widest = Math.max(...FIGURES.map(({ key }) => totals[key]), 1);
  return (
    <ol aria-labelledby={headingId} className="mt-3 space-y-3">
      {FIGURES.map(({ key, label, from }) => {
        const value = totals[key];
        const before = FIGURES.find((figure) => figure.key === from);
        const conversion = before
          ? conversionOf({ value, label }, { ...before, value: totals[before.key] })
          : null;
        return (
          <li key={key}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-semibold text-stone-900">
                {label}: <span className="tabular-nums">{formatCount(value)}</span>
              </span>
              {before && (
                <span className="text-stone-700">
                  {conversion ?? `no ${before.label.toLowerCase()} to convert`}
                </span>
              )}
            </div>
            <div aria-hidden className="mt-1 h-3 rounded-full bg-stone-100">
              <div
                className="h-3 rounded-full bg-teal-700"
                style={{ width: `${Math.min(100, (value / widest) * 100)}%` }}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
