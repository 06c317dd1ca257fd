import { Registry } from 'prom-client';

/**
 * One app's metrics, in a registry of its own rather than prom-client's global one, so several
 * apps in one process (tests, tools) never see or clash with each other's figures. Each part of
 * the app adds what it measures to `registry`; figures that cost a query are gathered once per
 * scrape, before any is read (`beforeScrape`).
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly #refreshes: Array<() => Promise<void>> = [];

  /** Work each scrape waits for first: one query whose answer several gauges share. */
  beforeScrape(refresh: () => Promise<void>): void {
    this.#refreshes.push(refresh);
  }

  /** Every metric in the Prometheus text format. */
  async scrape(): Promise<string> {
    await Promise.all(this.#refreshes.map((refresh) => refresh()));
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
