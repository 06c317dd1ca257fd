import { Link, useSearchParams } from 'react-router';
import { cn } from '@/lib/cn';
import { KEEP_SCROLL } from '@/lib/keep-scroll';

/** The period in the address (`?period=90`): one of `periods`, else `fallback`. */
export function usePeriodParam<const P extends readonly number[]>(
  periods: P,
  fallback: P[number],
): P[number] {
  const [params] = useSearchParams();
  const asked = Number(params.get('period'));
  return (periods as readonly number[]).includes(asked) ? (asked as P[number]) : fallback;
}

type PeriodPickerProps = {
  periods: readonly number[];
  current: number;
  /** Names the group: 'Period'. */
  label: string;
  /** How each choice reads: `(days) => 'Last 30 days'`. */
  nameOf: (days: number) => string;
  className?: string;
};

/**
 * The periods a dashboard covers, as links: each choice is an address, so Back, reloads and
 * shared links keep it, and it works before the page's script has arrived. The other query
 * parameters go except the page of a list, which starts again at 1.
 */
export function PeriodPicker({ periods, current, label, nameOf, className }: PeriodPickerProps) {
  const [params] = useSearchParams();
  const linkTo = (days: number) => {
    const next = new URLSearchParams(params);
    next.set('period', String(days));
    next.delete('page');
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label={label} className={className}>
      <ul className="inline-flex flex-wrap gap-1 rounded-xl border border-sand bg-white p-1 shadow-sm">
        {periods.map((days) => {
          const selected = days === current;
          return (
            <li key={days}>
              <Link
                to={linkTo(days)}
                state={KEEP_SCROLL}
                aria-current={selected ? 'true' : undefined}
                className={cn(
                  'inline-flex h-9 items-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap',
                  selected ? 'bg-teal-700 text-white' : 'text-teal-800 hover:bg-teal-50',
                )}
              >
                {nameOf(days)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
