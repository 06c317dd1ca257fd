const deadlineFormats = {
  long: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }),
  compact: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
};

/**
 * A payment deadline as people read it, in their own time zone: `March 4, 2026 at 3:15 PM`, or
 * `Mar 4, 2026, 3:15 PM` where space is short (a table). It is an instant (the offer lapses then),
 * so the time of day matters as much as the date.
 */
export function formatDeadline(iso: string, style: keyof typeof deadlineFormats = 'long'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : deadlineFormats[style].format(date);
}

/** Whether a deadline has passed, by this browser's clock; the server has the last word. */
export const deadlinePassed = (iso: string | null, now: number) =>
  iso !== null && new Date(iso).getTime() <= now;
