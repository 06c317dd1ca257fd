const dateAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** `Nov 24, 2026, 12:30 PM`: when a message was written, in the reader's time zone. */
export function formatMessageTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateAndTime.format(date);
}
