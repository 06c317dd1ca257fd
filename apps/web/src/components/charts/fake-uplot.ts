/*
 * A stand-in for uPlot in component tests (`vi.mock('uplot', () => import('./fake-uplot'))`):
 * happy-dom has no canvas to draw on, so this records what each chart was asked to draw, and
 * whether it was resized or taken down.
 */
import type uPlot from 'uplot';

export const drawnCharts: FakeUPlot[] = [];

export default class FakeUPlot {
  static paths = { bars: (options?: uPlot.Series.BarsPathBuilderOpts) => ({ bars: options }) };
  /** Set by a test to make the next chart fail to draw, as a browser without canvas would. */
  static failNext = false;

  destroyed = false;
  sizes: Array<{ width: number; height: number }> = [];

  constructor(
    readonly options: uPlot.Options,
    readonly data: uPlot.AlignedData,
    readonly target: HTMLElement,
  ) {
    if (FakeUPlot.failNext) {
      FakeUPlot.failNext = false;
      throw new Error('no canvas here');
    }
    drawnCharts.push(this);
  }

  setSize(size: { width: number; height: number }) {
    this.sizes.push(size);
  }

  destroy() {
    this.destroyed = true;
  }
}
