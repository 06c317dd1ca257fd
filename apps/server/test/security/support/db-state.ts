import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../src/db/client.js';
import { emptying } from '../../helpers/test-database.js';

/*
 * Whole-database state for the security tests: a cheap fingerprint (row count and a hash of the
 * rows of every table) to prove a refused request changed nothing, and a snapshot that can be
 * put back after an allowed request changed something. Works the same on PGlite and PostgreSQL.
 */

export type Fingerprint = Record<string, { rows: number; hash: string }>;

const tableCache = new WeakMap<object, Promise<string[]>>();

/** Every table of the public schema, parents before children (foreign keys), migrations table excluded. */
export function tablesInOrder(db: Database): Promise<string[]> {
  let pending = tableCache.get(db);
  if (!pending) {
    pending = (async () => {
      const tables = (
        await queryRows<{ tablename: string }>(
          db,
          sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
        )
      ).map((row) => row.tablename);
      const edges = await queryRows<{ child: string; parent: string }>(
        db,
        sql`select c.relname as child, p.relname as parent
            from pg_constraint k
            join pg_class c on c.oid = k.conrelid
            join pg_class p on p.oid = k.confrelid
            join pg_namespace n on n.oid = c.relnamespace
            where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
      );
      const ordered: string[] = [];
      const remaining = new Set(tables);
      while (remaining.size > 0) {
        const ready = [...remaining].filter(
          (table) => !edges.some((edge) => edge.child === table && remaining.has(edge.parent)),
        );
        if (ready.length === 0) throw new Error(`foreign-key cycle among ${[...remaining]}`);
        for (const table of ready) {
          ordered.push(table);
          remaining.delete(table);
        }
      }
      return ordered;
    })();
    tableCache.set(db, pending);
  }
  return pending;
}

/** Row count and an md5 of the sorted rows of every table, in one query. */
export async function fingerprint(db: Database): Promise<Fingerprint> {
  const tables = await tablesInOrder(db);
  const query = tables
    .map(
      (table) =>
        `select '${table}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${table}" x`,
    )
    .join(' union all ');
  const rows = await queryRows<{ t: string; n: number; h: string }>(db, sql.raw(query));
  return Object.fromEntries(rows.map((row) => [row.t, { rows: Number(row.n), hash: row.h }]));
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter(
    (table) =>
      before[table]?.rows !== after[table]?.rows || before[table]?.hash !== after[table]?.hash,
  );
}

/**
 * A cheap, exact change detector: statement triggers on every table bump one sequence, and a
 * sequence moves at once for every connection (it is not transactional). Reading it costs one
 * tiny query, so the whole fingerprint is only computed when something may have changed.
 * Test databases only.
 */
export async function installChangeCounter(db: Database): Promise<void> {
  const tables = await tablesInOrder(db);
  await db.execute(sql.raw('create sequence if not exists security_test_changes'));
  await db.execute(
    sql.raw(`create or replace function security_test_changed() returns trigger language plpgsql as $$
      begin perform nextval('security_test_changes'); return null; end $$`),
  );
  for (const table of tables) {
    await db.execute(
      sql.raw(`create or replace trigger security_test_changed after insert or update or delete or truncate
        on "${table}" for each statement execute function security_test_changed()`),
    );
  }
}

/**
 * How many changes the counter has seen. A new sequence's first `nextval` answers its
 * `last_value` (1) and only marks it called, so the value alone would miss the first change.
 */
export async function changeCounter(db: Database): Promise<string> {
  const [row] = await queryRows<{ value: string }>(
    db,
    sql.raw(
      'select (case when is_called then last_value else 0 end)::text as value from security_test_changes',
    ),
  );
  return row?.value ?? '';
}

export type Snapshot = Array<{ table: string; json: string }>;

/**
 * The rows of the given tables that differ from the snapshot, in words (at most three of each
 * table, each cut short), so a refusal that changed something says what it changed.
 */
export async function rowChanges(db: Database, state: Snapshot, tables: string[]): Promise<string> {
  const cut = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}…` : text);
  const lines: string[] = [];
  for (const table of tables) {
    const [row] = await queryRows<{ json: string }>(
      db,
      sql.raw(`select coalesce(json_agg(x), '[]')::text as json from "${table}" x`),
    );
    const rowsOf = (json: string) =>
      new Set((JSON.parse(json) as unknown[]).map((entry) => JSON.stringify(entry)));
    const before = rowsOf(state.find((entry) => entry.table === table)?.json ?? '[]');
    const now = rowsOf(row?.json ?? '[]');
    const gone = [...before].filter((entry) => !now.has(entry));
    const added = [...now].filter((entry) => !before.has(entry));
    for (const entry of gone.slice(0, 3)) lines.push(`${table} lost ${cut(entry)}`);
    for (const entry of added.slice(0, 3)) lines.push(`${table} gained ${cut(entry)}`);
  }
  return lines.join('; ');
}

/** Every row of every table, as JSON per table. */
export async function snapshot(db: Database): Promise<Snapshot> {
  const tables = await tablesInOrder(db);
  const result: Snapshot = [];
  for (const table of tables) {
    const [row] = await queryRows<{ json: string }>(
      db,
      sql.raw(`select coalesce(json_agg(x), '[]')::text as json from "${table}" x`),
    );
    result.push({ table, json: row?.json ?? '[]' });
  }
  return result;
}

const childCache = new WeakMap<object, Promise<Map<string, string[]>>>();

/** For each table, the tables whose foreign keys point at it. */
function childrenOf(db: Database) {
  let pending = childCache.get(db);
  if (!pending) {
    pending = queryRows<{ child: string; parent: string }>(
      db,
      sql`select c.relname as child, p.relname as parent
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid
          join pg_class p on p.oid = k.confrelid
          join pg_namespace n on n.oid = c.relnamespace
          where k.contype = 'f' and n.nspname = 'public'`,
    ).then((edges) => {
      const children = new Map<string, string[]>();
      for (const edge of edges)
        children.set(edge.parent, [...(children.get(edge.parent) ?? []), edge.child]);
      return children;
    });
    childCache.set(db, pending);
  }
  return pending;
}

/**
 * Puts the database back exactly as the snapshot found it. Given the tables that changed, only
 * those and the tables that reference them (a cascade or a `set null` may have touched them)
 * are rewritten.
 */
export async function restore(db: Database, state: Snapshot, changed?: string[]): Promise<void> {
  const all = await tablesInOrder(db);
  let tables = all;
  if (changed) {
    const children = await childrenOf(db);
    const dirty = new Set<string>();
    const visit = (table: string) => {
      if (dirty.has(table)) return;
      dirty.add(table);
      for (const child of children.get(table) ?? []) visit(child);
    };
    for (const table of changed) visit(table);
    tables = all.filter((table) => dirty.has(table));
    if (tables.length === 0) return;
  }
  await db.transaction(async (tx) => {
    await tx.execute(emptying(tables));
    // The rows go back as they were: the database's own triggers (a listing's history written as
    // it is inserted, say) must not add to them.
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const { table, json } of state) {
      if (json === '[]' || !tables.includes(table)) continue;
      await tx.execute(
        sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
      );
    }
    // Identity columns count on from the highest id put back, as they would have.
    const identities = await queryRows<{ table: string; column: string }>(
      tx,
      sql`select c.relname as "table", a.attname as "column" from pg_attribute a
          join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and a.attidentity <> '' and c.relname = any(${`{${tables.join(',')}}`}::text[])`,
    );
    for (const { table, column } of identities) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('"${table}"', '${column}'), coalesce((select max("${column}") from "${table}"), 0) + 1, false)`,
        ),
      );
    }
  });
}
