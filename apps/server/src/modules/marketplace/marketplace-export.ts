import { Readable } from 'node:stream';
import type { ExportKind } from '@keyhaven/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';
import { type CsvValue, csvRecord } from '../../lib/csv.js';
import type { DashboardBounds } from './marketplace.service.js';

/*
 * The admins' CSV downloads of a period: accounts created, listings created, sales paid. A year
 * of a large marketplace is millions of rows, so an export is read in pages of EXPORT_BATCH rows,
 * each continuing after the last row sent (its date and id, never an offset), and written as it
 * is read: the server holds one page at a time, on PGlite and PostgreSQL alike.
 */

export const EXPORT_BATCH = 1000;

/** Where a page continues: the last row's date as the database wrote it (microseconds kept). */
interface Cursor {
  at: string;
  id: string;
}

interface ExportSpec {
  header: readonly string[];
  /** One page after `cursor`, oldest first; each row has `cursor_at`, `cursor_id` and `cells`. */
  page(b: DashboardBounds, cursor: Cursor | null, limit: number): SQL;
}

const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const dollars = (column: SQL) => sql`(${column} / 100.0)::numeric(16, 2)::text`;

/** Rows in the period, after the cursor, in (date, id) order. */
function window(date: SQL, id: SQL, b: DashboardBounds, cursor: Cursor | null) {
  const inPeriod = sql`${date} >= ${b.fromAt}::timestamptz and ${date} < ${b.endAt}::timestamptz`;
  if (!cursor) return inPeriod;
  return sql`${inPeriod} and (${date}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id})`;
}

export const EXPORTS: Record<ExportKind, ExportSpec> = {
  users: {
    header: ['id', 'name', 'email', 'role', 'country', 'created_at'],
    page: (b, cursor, limit) => sql`
      select u.created_at::text as cursor_at, u.id as cursor_id,
        json_build_array(u.id, u.name, u.email, u.role, u.country, ${iso(sql`u.created_at`)}) as cells
      from users u
      where ${window(sql`u.created_at`, sql`u.id`, b, cursor)}
      order by u.created_at, u.id
      limit ${limit}`,
  },
  listings: {
    header: [
      'id',
      'title',
      'location',
      'type',
      'min_price',
      'max_price',
      'bedrooms',
      'bathrooms',
      'area_sqft',
      'approval',
      'availability',
      'agent_email',
      'created_at',
    ],
    page: (b, cursor, limit) => sql`
      select p.created_at::text as cursor_at, p.id::text as cursor_id,
        json_build_array(
          p.id, p.title, p.location, p.property_type,
          ${dollars(sql`p.min_price_cents`)}, ${dollars(sql`p.max_price_cents`)},
          p.bedrooms, p.bathrooms::text, p.area_size, p.approval, p.availability,
          a.email, ${iso(sql`p.created_at`)}
        ) as cells
      from properties p
      left join users a on a.id = p.agent_id
      where ${window(sql`p.created_at`, sql`p.id`, b, cursor)}
      order by p.created_at, p.id
      limit ${limit}`,
  },
  sales: {
    header: [
      'payment_id',
      'paid_at',
      'amount',
      'currency',
      'listing_id',
      'listing_title',
      'location',
      'buyer_email',
      'agent_email',
      'transaction_id',
    ],
    // Money records outlive what they describe: a deleted listing or buyer leaves empty cells.
    page: (b, cursor, limit) => sql`
      select y.paid_at::text as cursor_at, y.id::text as cursor_id,
        json_build_array(
          y.id, ${iso(sql`y.paid_at`)}, ${dollars(sql`y.amount_cents`)}, upper(y.currency),
          y.property_id, p.title, p.location, buyer.email, agent.email, y.transaction_id
        ) as cells
      from payments y
      left join properties p on p.id = y.property_id
      left join users buyer on buyer.id = y.buyer_id
      left join users agent on agent.id = p.agent_id
      where y.status = 'paid' and ${window(sql`y.paid_at`, sql`y.id`, b, cursor)}
      order by y.paid_at, y.id
      limit ${limit}`,
  },
};

interface PageRow {
  cursor_at: string;
  cursor_id: string;
  cells: CsvValue[] | string;
}

/** The export's CSV text, header first, read page by page as the reader asks for more. */
export function exportCsv(
  db: Database,
  kind: ExportKind,
  b: DashboardBounds,
  batch = EXPORT_BATCH,
): Readable {
  const spec = EXPORTS[kind];
  async function* lines() {
    yield csvRecord(spec.header);
    let cursor: Cursor | null = null;
    for (;;) {
      const rows = await queryRows<PageRow>(db, spec.page(b, cursor, batch));
      if (rows.length === 0) return;
      // One chunk per page: a million rows are a thousand writes, not a million.
      yield rows
        .map((row) => csvRecord(typeof row.cells === 'string' ? JSON.parse(row.cells) : row.cells))
        .join('');
      const last = rows[rows.length - 1] as PageRow;
      cursor = { at: last.cursor_at, id: last.cursor_id };
      if (rows.length < batch) return;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

export const exportFileName = (kind: ExportKind, b: DashboardBounds) =>
  `keyhaven-${kind}-${b.from}-to-${b.to}.csv`;
