import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratchDatabase,
  postgresAnswers,
  postgresServerUrl,
  queryOnce,
  type ScratchDatabase,
} from '../helpers/postgres-server.js';
import { call, runCommand, type ServerProcess, startServer } from '../helpers/server-process.js';

/*
 * The first admin of a new site, made as docs/DEPLOY.md says: the command-line tool on the
 * server, its password on standard input (never in the shell's history or the process list).
 */

const available = await postgresAnswers();
if (!available)
  console.warn(
    `PostgreSQL does not answer at ${postgresServerUrl}: the create-admin test is skipped.`,
  );

let database: ScratchDatabase;
let dataDir: string;
let server: ServerProcess | undefined;

async function createAdmin(args: string[], input: string) {
  const run = await runCommand(
    'create-admin',
    args,
    { DATABASE_URL: database.url, DATA_DIR: dataDir },
    input,
  );
  return { code: run.code, output: `${run.stdout}${run.stderr}` };
}

describe.skipIf(!available)('the first admin, made on the server', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    database = await createScratchDatabase('keyhaven_first_admin');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-first-admin-'));
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop().catch(() => {});
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('reads the password from standard input, on a database not yet migrated, and the admin signs in', async () => {
    const made = await createAdmin(
      ['--email', 'First.Admin@Example.com', '--name', 'First Admin'],
      'Harbour-Lights9\n',
    );
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain('Created the admin account first.admin@example.com');
    expect(made.output).not.toContain('Harbour-Lights9');

    const [row] = await queryOnce<{ role: string; email_verified: boolean }>(
      database.url,
      'select role, email_verified from users where email = $1',
      ['first.admin@example.com'],
    );
    expect(row).toEqual({ role: 'admin', email_verified: true });

    server = await startServer({ DATABASE_URL: database.url, DATA_DIR: dataDir });
    const signedIn = await call(server, 'POST', '/auth/login', {
      body: { email: 'first.admin@example.com', password: 'Harbour-Lights9' },
    });
    expect(signedIn.status).toBe(200);
    const users = await call(server, 'GET', '/api/all-users', { token: signedIn.body.token });
    expect(users.status).toBe(200);
  });

  it('refuses a weak password or none, and says how to use it', async () => {
    const weak = await createAdmin(['--email', 'second@example.com'], 'short\n');
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('at least 6 characters with uppercase, lowercase and numbers');
    const none = await createAdmin(['--email', 'second@example.com'], '');
    expect(none.code).toBe(1);
    expect(none.output).toContain('Usage:');
    const [count] = await queryOnce<{ n: number }>(
      database.url,
      "select count(*)::int as n from users where email = 'second@example.com'",
    );
    expect(count?.n).toBe(0);
  });
});
