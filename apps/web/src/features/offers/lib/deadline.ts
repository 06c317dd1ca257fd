const deadlineFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/**
 * A payment deadline as people read it, in their own time zone: `March 4, 2026 at 3:15 PM`. It is
 * an instant (the offer lapses then), so the time of day matters as much as the date.
 */
export function formatDeadline(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : deadlineFormat.format(date);
}

/** Whether a deadline has passed, by this browser's clock; the server has the last word. */
export const deadlinePassed = (iso: string | null, now: number) =>
  iso !== null && new Date(iso).getTime() <= now;
