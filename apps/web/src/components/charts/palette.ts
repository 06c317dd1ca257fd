/*
 * The colours of chart series, in the order series take them: the brand's teal first, then hues
 * far enough from it and from each other to tell apart, each at least 3:1 against white (WCAG
 * 1.4.11, graphical objects). The same colours mark the series in the legend above the chart.
 */
export const CHART_COLORS = [
  '#0f766e', // teal-700
  '#d97706', // amber-600
  '#0369a1', // sky-700
  '#be123c', // rose-700
  '#57534e', // stone-600
] as const;

export const chartColor = (index: number) => CHART_COLORS[index % CHART_COLORS.length] as string;

/** Axis text and grid lines, as the stone greys of the rest of the app. */
export const AXIS_COLOR = '#57534e';
export const GRID_COLOR = '#e7e5e4';
