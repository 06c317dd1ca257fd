/*
 * CSV as RFC 4180 writes it, for the admins' exports: fields separated by commas, records ended
 * by CRLF, a field quoted when it holds a comma, a quote, CR or LF, its quotes doubled.
 *
 * A spreadsheet opening the file runs any cell that starts like a formula, and an export holds
 * text people typed (names, titles, locations). As OWASP advises against CSV injection, a text
 * cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with a single
 * quote, so it is shown as text instead of being run.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: text neutralised if it could run as a formula, then quoted if it must be. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers are written by us, never typed by someone, and a negative one is still a number.
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
