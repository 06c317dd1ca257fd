import { SOLD_PERIODS, type SoldPeriod } from '@keyhaven/shared/constants';
import { SOLD_MESSAGES } from '@keyhaven/shared/texts';
import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { type CatalogueSearch, catalogueSearchToParams } from '../lib/list-params';

/** The period sold mode opens on, as the portals' "recently sold" does. */
export const DEFAULT_SOLD_PERIOD: SoldPeriod = '3';

/**
 * The address of the search in a mode: the filters, area and view stay; the list starts again
 * at its first page.
 */
const addressOf = (search: CatalogueSearch, sold: SoldPeriod | undefined) => ({
  pathname: paths.allProperties,
  search: catalogueSearchToParams({ ...search, sold, page: 1 }).toString(),
});

const choiceStyle = (current: boolean, first: boolean, last: boolean) =>
  cn(
    'inline-flex min-h-11 items-center border border-teal-800 px-4 text-sm font-semibold',
    'focus-visible:relative focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-500',
    current ? 'bg-teal-800 text-white' : 'bg-white text-teal-900 hover:bg-teal-50',
    first && 'rounded-l-lg',
    last && 'rounded-r-lg',
    !first && '-ml-px',
  );

/**
 * All listings or Sold, and in sold mode how far back: links to the same search in the other
 * mode or period, so each lives in the address (shared, Back and Forward), and they work before
 * the page's code runs and without it.
 */
export function SoldModeSwitch({ search }: { search: CatalogueSearch }) {
  const periodLabel = useId();
  const modes = [
    { sold: undefined, label: SOLD_MESSAGES.allListings },
    { sold: search.sold ?? DEFAULT_SOLD_PERIOD, label: SOLD_MESSAGES.soldHomes },
  ];
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <nav aria-label={SOLD_MESSAGES.modeLegend}>
        <ul className="flex">
          {modes.map((mode, index) => {
            const current = Boolean(mode.sold) === Boolean(search.sold);
            return (
              <li key={mode.label}>
                <Link
                  to={addressOf(search, mode.sold)}
                  aria-current={current ? 'page' : undefined}
                  className={choiceStyle(current, index === 0, index === modes.length - 1)}
                >
                  {mode.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {search.sold && (
        <nav aria-labelledby={periodLabel} className="flex flex-wrap items-center gap-2">
          <span id={periodLabel} className="text-sm font-semibold text-stone-800">
            {SOLD_MESSAGES.periodLegend}
          </span>
          <ul className="flex">
            {SOLD_PERIODS.map((period, index) => {
              const current = period === search.sold;
              return (
                <li key={period}>
                  <Link
                    to={addressOf(search, period)}
                    aria-current={current ? 'page' : undefined}
                    className={choiceStyle(current, index === 0, index === SOLD_PERIODS.length - 1)}
                  >
                    {SOLD_MESSAGES.period(period)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </div>
  );
}
