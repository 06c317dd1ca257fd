import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Chart } from './chart';
import FakeUPlot, { drawnCharts } from './fake-uplot';

vi.mock('uplot', () => import('./fake-uplot'));

beforeEach(() => {
  drawnCharts.length = 0;
});

const days = ['November 1, 2026', 'November 2, 2026', 'November 3, 2026'];
const views = { label: 'Views', values: [4, 0, 12] };
const saves = { label: 'Saves', values: [1, 2, 3] };

describe('a chart', () => {
  it('is a figure named by its caption, with every number in a table screen readers reach', () => {
    render(
      <Chart
        title="Views and saves"
        kind="line"
        pointName="Day"
        labels={days}
        series={[views, saves]}
      />,
    );

    const figure = screen.getByRole('figure', { name: 'Views and saves' });
    const table = within(figure).getByRole('table', { name: 'Views and saves' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayViewsSaves',
      'November 1, 202641',
      'November 2, 202602',
      'November 3, 2026123',
    ]);
    // Out of sight until asked for, and no stop for the keyboard meanwhile.
    expect(table.parentElement).toHaveClass('sr-only');
    expect(table.parentElement).not.toHaveAttribute('tabindex');
  });

  it('shows its table to everyone on request', async () => {
    const user = userEvent.setup();
    render(
      <Chart title="Views and saves" kind="line" pointName="Day" labels={days} series={[views]} />,
    );

    const toggle = screen.getByRole('button', { name: 'Show the numbers: Views and saves' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide the numbers: Views and saves');
    const region = screen.getByRole('region', { name: 'Views and saves: the numbers' });
    expect(region).not.toHaveClass('sr-only');
    expect(region).toHaveAttribute('tabindex', '0');
  });

  it('draws each series in the browser, along the points, and takes the drawing down on leaving', async () => {
    const { unmount } = render(
      <Chart title="Views" kind="line" pointName="Day" labels={days} series={[views, saves]} />,
    );
    await waitFor(() => expect(drawnCharts).toHaveLength(1));
    const [chart] = drawnCharts as [FakeUPlot];
    expect(chart.data).toEqual([
      [0, 1, 2],
      [4, 0, 12],
      [1, 2, 3],
    ]);
    expect(chart.options.series.slice(1).map((s) => [s.label, s.stroke])).toEqual([
      ['Views', '#0f766e'],
      ['Saves', '#d97706'],
    ]);
    expect(chart.target).toBe(screen.getByTestId('chart-canvas'));

    unmount();
    expect(chart.destroyed).toBe(true);
  });

  it('stacks bars as running totals, the tallest drawn first so each series shows', async () => {
    render(
      <Chart
        title="New accounts"
        kind="bars"
        stacked
        pointName="Day"
        labels={days}
        series={[views, saves]}
      />,
    );
    await waitFor(() => expect(drawnCharts).toHaveLength(1));
    const [chart] = drawnCharts as [FakeUPlot];
    expect(chart.data).toEqual([
      [0, 1, 2],
      [5, 2, 15],
      [4, 0, 12],
    ]);
    expect(chart.options.series.slice(1).map((s) => s.label)).toEqual(['Saves', 'Views']);
    // The table still gives each series' own numbers, not the running totals.
    const rows = within(screen.getByRole('table', { name: 'New accounts' })).getAllByRole('row');
    expect(rows[3]).toHaveTextContent('November 3, 2026123');
  });

  it('keeps the same drawing when re-rendered with copies of the same numbers', async () => {
    const { rerender } = render(
      <Chart title="Views" kind="line" pointName="Day" labels={days} series={[views]} />,
    );
    await waitFor(() => expect(drawnCharts).toHaveLength(1));
    rerender(
      <Chart
        title="Views"
        kind="line"
        pointName="Day"
        labels={[...days]}
        series={[{ ...views }]}
      />,
    );
    rerender(
      <Chart
        title="Views"
        kind="line"
        pointName="Day"
        labels={days}
        series={[{ label: 'Views', values: [1, 1, 1] }]}
      />,
    );
    await waitFor(() => expect(drawnCharts).toHaveLength(2));
    expect(drawnCharts[0]?.destroyed).toBe(true);
    expect(drawnCharts[1]?.data[1]).toEqual([1, 1, 1]);
  });

  it('shows its table when the chart cannot be drawn', async () => {
    FakeUPlot.failNext = true;
    render(<Chart title="Views" kind="line" pointName="Day" labels={days} series={[views]} />);

    expect(await screen.findByText('The chart could not be drawn here.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Views: the numbers' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Show the numbers/ })).toBeNull();
  });
});
