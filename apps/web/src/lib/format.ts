import { formatLongDate } from '@keyhaven/shared/constants';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `March 4, 2025`. A bare `YYYY-MM-DD` (a birth date) is a calendar day, not an instant, so it is
 * shown in UTC; otherwise a visitor west of Greenwich would see the previous day.
 */
export function formatDate(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  const isCalendarDay = typeof value === 'string' && DATE_ONLY.test(value);
  return formatLongDate(date, { utc: isCalendarDay });
}
