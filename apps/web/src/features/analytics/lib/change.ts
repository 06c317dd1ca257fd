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

const tenths = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * What one step of the funnel says of the step it follows from: its share of it (`40% of views`),
 * or, where it outnumbers it (offers made in the period by buyers who viewed before it), how many
 * of it there were for each (`4 offers per view`), never a share above 100%. Null when the step
 * it follows from is zero.
 */
export function conversionOf(
  step: { value: number; label: string },
  from: { value: number; label: string; one: string },
): string | null {
  if (from.value === 0) return null;
  if (step.value <= from.value) {
    return `${tenths.format((step.value / from.value) * 100)}% of ${from.label.toLowerCase()}`;
  }
  return `${tenths.format(step.value / from.value)} ${step.label.toLowerCase()} per ${from.one}`;
}
