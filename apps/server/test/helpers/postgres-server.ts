import { randomBytes } from 'node:crypto';
import pg from 'pg';

/*
 * The PostgreSQL server the tests may use: TEST_DATABASE_URL, or the local one `npm test` looks
 * for. Each user of it works in a database of its own, made here and dropped afterwards, so
 * suites running at once never see each other's rows.
 */

export const postgresServerUrl =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Whether a PostgreSQL server answers at that address within two seconds. */
export async function postgresAnswers(url = postgresServerUrl): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs one statement on its own connection, as an operator at a psql prompt would. */
export async function queryOnce<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops the database, disconnecting whoever is still on it. */
  drop(): Promise<void>;
}

/**
 * A new database on the server (named `<prefix>_<random>`), for one suite or run: empty, or a
 * copy of the database `template` (which nobody may be connected to).
 */
export async function createScratchDatabase(
  prefix: string,
  serverUrl = postgresServerUrl,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await queryOnce(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await queryOnce(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
