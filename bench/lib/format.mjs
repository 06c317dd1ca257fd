export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
export const int = (value) => Math.round(value).toLocaleString('en-US');

/** A plain text table: `columns` are [title, (row) => text, align]. */
export function table(columns, rows) {
  const cells = rows.map((row) => columns.map(([, get]) => String(get(row))));
  const widths = columns.map(([title], i) =>
    Math.max(title.length, ...cells.map((line) => line[i].length)),
  );
  const line = (values) =>
    values
      .map((value, i) =>
        columns[i][2] === 'left' ? value.padEnd(widths[i]) : value.padStart(widths[i]),
      )
      .join('  ');
  return [
    line(columns.map(([title]) => title)),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.map(line),
  ].join('\n');
}
