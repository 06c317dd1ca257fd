import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/db/data-dir-lock.js';
import { runCommand } from '../helpers/server-process.js';

/*
 * `npm run migrate` on the embedded database: it migrates a data directory nobody holds, and
 * refuses, naming the holder, one a server holds (that server migrated it at start). On
 * PostgreSQL it runs in the upgrade test, beside the previous release.
 */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const migrationCount = (
  JSON.parse(readFileSync(path.join(serverDir, 'drizzle/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;
const workDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-migrate-'));

const migrate = (dataDir: string) => runCommand('migrate', [], { DATA_DIR: dataDir });

describe('npm run migrate on the embedded database', () => {
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it('applies every migration once, then none', async () => {
    const dataDir = path.join(workDir, 'free');
    const first = await migrate(dataDir);
    expect(first.stderr).toBe('');
    expect(JSON.parse(first.stdout)).toEqual({ applied: migrationCount, total: migrationCount });
    const again = await migrate(dataDir);
    expect(JSON.parse(again.stdout)).toEqual({ applied: 0, total: migrationCount });
  });

  it('refuses a data directory a server holds, saying which process and what to do', async () => {
    const dataDir = path.join(workDir, 'held');
    const held = lockDataDir(dataDir);
    try {
      const refused = await migrate(dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain(
        `Migrations not applied: The data directory ${dataDir} is in use by another Keyhaven process (pid ${process.pid}`,
      );
      expect(refused.stderr).toContain(
        'A running server applies the migrations itself when it starts; to run them alone, stop it first.',
      );
    } finally {
      held.release();
    }
  });
});
