/** How a figure moved against the period before: up, down or flat by a percentage, or new. */
export type Change = { kind: 'new' } | { kind: 'same' } | { kind: 'up' | 'down'; percent: number };

/**
 * The change from `previous` to `current`, in whole percent. Nothing before and something now is
 * "new" (no percentage of zero means anything); nothing both times is no change.
 */
export function changeOf(current: number, previous: number): Change {
  if (previous === 0) return current === 0 ? { kind: 'same' } : { kind: 'new' };
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  if (percent === 0) return { kind: 'same' };
  return { kind: current > previous ? 'up' : 'down', percent };
}

/** One step of the funnel as a share of the step before it, or null when that one is zero. */
export const conversionOf = (step: number, before: number) =>
  before === 0 ? null : Math.round((step / before) * 1000) / 10;
