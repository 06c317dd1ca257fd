import type uPlot from 'uplot';
import { AXIS_COLOR, chartColor, GRID_COLOR } from './palette';

export type ChartKind = 'line' | 'bars';

/** One line or one set of bars: a figure per point of the chart, in the order of its points. */
export type ChartSeries = { label: string; values: readonly number[] };

export type ChartShape = {
  kind: ChartKind;
  /**
   * Bars only: each point's bars stacked into one column, the first series at the bottom. Bars
   * not stacked stand side by side, which leaves room for two series at most.
   */
  stacked?: boolean;
  /** The short label of each point under the axis ('Nov 3'). */
  ticks: readonly string[];
  series: readonly ChartSeries[];
  formatValue: (value: number) => string;
};

/** 1, 2, 5, 10, 20, 50...: steps for axes of counts and dollars, never a fraction of one. */
const WHOLE_STEPS = Array.from({ length: 13 }, (_, power) =>
  [1, 2, 5].map((step) => step * 10 ** power),
).flat();

/** Steps between labelled points: every day, every other, every week, every month... */
const POINT_STEPS = [1, 2, 3, 4, 6, 7, 14, 30, 60, 90, 180];

const FONT = '12px system-ui, sans-serif';

/**
 * The data uPlot draws: the points' positions (0, 1, 2...), then each series. Stacked bars are
 * drawn as running totals, tallest first, so each shorter column paints over the lower part of
 * the one before and every series shows as its own band.
 */
export function chartData({ series, kind, stacked }: ChartShape): uPlot.AlignedData {
  const points = series[0]?.values.length ?? 0;
  const positions = Array.from({ length: points }, (_, index) => index);
  if (!(kind === 'bars' && stacked)) return [positions, ...series.map((s) => [...s.values])];
  const totals: number[][] = [];
  series.forEach((s, index) => {
    const below = totals[index - 1];
    totals.push(s.values.map((value, point) => value + (below?.[point] ?? 0)));
  });
  return [positions, ...totals.reverse()];
}

/**
 * Where a series' bar sits in its point's slot: centred, or for two series side by side, the
 * first left of the point and the second right of it.
 */
function barLayout(
  { series, stacked }: ChartShape,
  index: number,
): uPlot.Series.BarsPathBuilderOpts {
  if (stacked || series.length < 2) return { size: [0.7, 48] };
  return { size: [0.35, 24], align: index === 0 ? -1 : 1 };
}

/** Which of the given series each drawn series is (stacked bars are drawn in reverse order). */
const drawnOrder = ({ series, kind, stacked }: ChartShape) => {
  const order = series.map((_, index) => index);
  return kind === 'bars' && stacked ? order.reverse() : order;
};

/**
 * uPlot's options for a chart of `width` CSS pixels: points along an ordinal axis labelled with
 * `ticks`, a value axis from zero, the palette's colours, no legend (the figure draws its own in
 * HTML, where screen readers and zoom reach it) and no drag-to-zoom.
 */
export function chartOptions(
  shape: ChartShape,
  size: { width: number; height: number },
  bars: uPlot.Series.BarsPathBuilderFactory | undefined,
): uPlot.Options {
  const points = shape.ticks.length;
  const isBars = shape.kind === 'bars';
  const xRange: uPlot.Range.MinMax =
    isBars || points < 2 ? [-0.5, Math.max(points, 1) - 0.5] : [0, points - 1];
  return {
    ...size,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: !isBars } },
    scales: {
      x: { time: false, range: () => xRange },
      y: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      {
        stroke: AXIS_COLOR,
        font: FONT,
        grid: { show: false },
        ticks: { stroke: GRID_COLOR },
        space: 56,
        incrs: POINT_STEPS,
        values: (_chart, splits) =>
          splits.map((split) => (Number.isInteger(split) ? (shape.ticks[split] ?? '') : '')),
      },
      {
        stroke: AXIS_COLOR,
        font: FONT,
        grid: { stroke: GRID_COLOR, width: 1 },
        ticks: { show: false },
        incrs: WHOLE_STEPS,
        size: 56,
        values: (_chart, splits) => splits.map((split) => shape.formatValue(split)),
      },
    ],
    series: [
      {},
      ...drawnOrder(shape).map((index): uPlot.Series => {
        const color = chartColor(index);
        const label = shape.series[index]?.label ?? '';
        if (!isBars)
          return { label, stroke: color, width: 2, points: { show: points <= 31, size: 5 } };
        return {
          label,
          stroke: color,
          fill: color,
          width: 0,
          points: { show: false },
          paths: bars?.(barLayout(shape, index)),
        };
      }),
    ],
  };
}
