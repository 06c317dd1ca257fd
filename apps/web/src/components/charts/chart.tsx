import 'uplot/dist/uPlot.min.css';
import { useEffect, useId, useRef, useState } from 'react';
import { Td, Th } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { type ChartKind, type ChartSeries, chartData, chartOptions } from './chart-options';
import { chartColor } from './palette';

export type { ChartSeries } from './chart-options';

const HEIGHT = 240;
/** Drawn at this width until the frame is measured (a phone's, so nothing overflows it). */
const FALLBACK_WIDTH = 320;

const count = new Intl.NumberFormat('en-US');
const formatCount = (value: number) => count.format(value);

type ChartProps = {
  /** What the chart shows; the figure's caption and its table's. */
  title: string;
  /** One sentence under the title: the period, what one point is. */
  description?: string;
  kind: ChartKind;
  /** Bars only: stack each point's series into one column (see `ChartShape`). */
  stacked?: boolean;
  /** The heading of the table's first column: 'Day', 'Week of', 'Month'. */
  pointName: string;
  /** Each point in full, for the table: 'November 3, 2026'. */
  labels: readonly string[];
  /** Each point in short, under the axis: 'Nov 3'; `labels` when left out. */
  ticks?: readonly string[];
  series: readonly ChartSeries[];
  /** Columns of the table that are not drawn (the number of sales beside their dollars). */
  tableExtras?: readonly (ChartSeries & { format: (value: number) => string })[];
  /** How a value reads on the axis and in the table; whole numbers with separators by default. */
  formatValue?: (value: number) => string;
  /** How a value reads on the axis, where room is short ('$1.2M'); `formatValue` by default. */
  formatTick?: (value: number) => string;
  className?: string;
};

/**
 * A chart as a figure: its caption, a legend, the drawing, and a table of the same numbers. A
 * canvas says nothing to a screen reader, so the table is always in the page for one, and a
 * button shows it to everyone else (on a phone it is easier to read than a small chart).
 *
 * uPlot is fetched and drawn in an effect, in the browser only (it needs `window`): the server
 * renders the figure with its table, and the chart library stays out of every page but the
 * dashboards that draw charts. It redraws at its frame's width whenever that changes.
 */
export function Chart({
  title,
  description,
  kind,
  stacked = false,
  pointName,
  labels,
  ticks = labels,
  series,
  tableExtras = [],
  formatValue = formatCount,
  formatTick = formatValue,
  className,
}: ChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const tableId = useId();
  const titleId = useId();
  const [tableShown, setTableShown] = useState(false);
  const [drawFailed, setDrawFailed] = useState(false);
  // The axis reads values through this, so a formatter made anew on each render (an arrow in
  // the caller) does not redraw the chart.
  const format = useRef(formatTick);
  useEffect(() => {
    format.current = formatTick;
  });
  // Redrawn when what it shows changes, not when the caller's arrays are new copies of it.
  const signature = JSON.stringify([kind, stacked, ticks, series]);

  useEffect(() => {
    const frame = host.current;
    if (!frame) return;
    const [drawnKind, drawnStacked, drawnTicks, drawnSeries] = JSON.parse(signature) as [
      ChartKind,
      boolean,
      string[],
      ChartSeries[],
    ];
    const shape = {
      kind: drawnKind,
      stacked: drawnStacked,
      ticks: drawnTicks,
      series: drawnSeries,
      formatValue: (value: number) => format.current(value),
    };
    let cancelled = false;
    let chart: { destroy: () => void } | undefined;
    let observer: ResizeObserver | undefined;
    const widthOf = () => frame.clientWidth || FALLBACK_WIDTH;
    import('uplot')
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        const drawn = new UPlot(
          chartOptions(shape, { width: widthOf(), height: HEIGHT }, UPlot.paths.bars),
          chartData(shape),
          frame,
        );
        chart = drawn;
        if (typeof ResizeObserver === 'undefined') return;
        observer = new ResizeObserver(() => drawn.setSize({ width: widthOf(), height: HEIGHT }));
        observer.observe(frame);
      })
      .catch(() => {
        // The library did not arrive (a dropped connection) or cannot draw here: the numbers
        // are still all there, in the table, which then shows itself.
        if (!cancelled) setDrawFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [signature]);

  const showTable = tableShown || drawFailed;
  const table = (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">{title}</caption>
      <thead>
        <tr>
          <Th>{pointName}</Th>
          {[...series, ...tableExtras].map((s) => (
            <Th key={s.label} className="text-right">
              {s.label}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {labels.map((label, point) => (
          <tr key={label}>
            <Th scope="row" className="border-stone-100 bg-white font-normal">
              {label}
            </Th>
            {series.map((s) => (
              <Td key={s.label} className="text-right tabular-nums">
                {formatValue(s.values[point] ?? 0)}
              </Td>
            ))}
            {tableExtras.map((s) => (
              <Td key={s.label} className="text-right tabular-nums">
                {s.format(s.values[point] ?? 0)}
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    // Named by its title, not the whole caption: not every screen reader names a figure by it.
    <figure
      aria-labelledby={titleId}
      className={cn('min-w-0 rounded-2xl border border-sand bg-white p-4 shadow-sm', className)}
    >
      <figcaption>
        <span id={titleId} className="block font-semibold text-stone-900">
          {title}
        </span>
        {description && <span className="block text-sm text-stone-700">{description}</span>}
      </figcaption>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700" aria-hidden>
        {series.map((s, index) => (
          <li key={s.label} className="flex items-center gap-1.5">
            <span
              className="inline-block size-3 rounded-sm"
              style={{ backgroundColor: chartColor(index) }}
            />
            {s.label}
          </li>
        ))}
      </ul>
      {/* The drawing repeats the table for the eye; screen readers read the table instead. */}
      <div
        ref={host}
        aria-hidden
        data-testid="chart-canvas"
        className={cn('mt-2 w-full overflow-hidden', drawFailed && 'hidden')}
        style={{ height: HEIGHT }}
      />
      {!drawFailed && (
        <button
          type="button"
          aria-expanded={tableShown}
          aria-controls={tableId}
          // Named after its chart too: a dashboard has several of these buttons.
          aria-label={`${tableShown ? 'Hide' : 'Show'} the numbers: ${title}`}
          onClick={() => setTableShown((shown) => !shown)}
          className="mt-2 cursor-pointer rounded text-sm font-semibold text-teal-800 underline-offset-2 hover:underline"
        >
          {tableShown ? 'Hide the numbers' : 'Show the numbers'}
        </button>
      )}
      {showTable ? (
        <section
          id={tableId}
          aria-label={`${title}: the numbers`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className="relative mt-3 max-h-96 overflow-auto"
        >
          {table}
        </section>
      ) : (
        // Out of sight but read by screen readers; no stop for the keyboard while unseen.
        <div id={tableId} className="sr-only">
          {table}
        </div>
      )}
      {drawFailed && (
        <p className="mt-2 text-sm text-stone-700">The chart could not be drawn here.</p>
      )}
    </figure>
  );
}
