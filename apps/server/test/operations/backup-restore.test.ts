import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../fixtures/images.js';
import { registrationBody } from '../helpers/accounts.js';
import { listingBody } from '../helpers/listings.js';
import { call, runCommand, type ServerProcess, startServer } from '../helpers/server-process.js';
import { multipartBody } from '../helpers/uploads.js';

/*
 * The operator's backups of an embedded installation, as they are run: `npm run backup` while
 * a real server process serves, then `npm run restore` into a new folder and a server started
 * on it finds the accounts, the listing and the photo's very bytes. Once per run: the embedded
 * database is the subject, whichever database the other tests use.
 */

const ADMIN = { email: 'admin@backups.test', password: 'Admin1234' };

let root: string;
let liveDir: string;
let server: ServerProcess | undefined;
const agentBody = registrationBody({ name: 'Backed Up Agent' });
let agent: { id: string; token: string };
let listingId: string;
let photoUrl: string;
let photoBytes: Buffer;
let backupFile: string;
let uploadFilesBackedUp: number;

async function ok(answer: Promise<Awaited<ReturnType<typeof call>>>) {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

async function download(url: string, address: string) {
  const response = await fetch(`${url}${address}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The one JSON line a command prints when it succeeds. */
function result(run: Awaited<ReturnType<typeof runCommand>>) {
  expect(run.code, run.stderr).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] as string);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-backups-'));
  liveDir = path.join(root, 'live');
  backupFile = path.join(root, 'keyhaven.backup');
  // An administrator, made as an operator makes one, before the server holds the folder.
  const admin = await runCommand(
    'create-admin',
    ['--email', ADMIN.email, '--password', ADMIN.password],
    { DATA_DIR: liveDir },
  );
  expect(admin.code, admin.stderr).toBe(0);
  server = await startServer({ DATA_DIR: liveDir });

  const { token: adminToken } = await ok(call(server, 'POST', '/auth/login', { body: ADMIN }));
  const registered = await ok(call(server, 'POST', '/auth/register', { body: agentBody }));
  agent = { id: registered.user._id, token: registered.token };
  await ok(call(server, 'PATCH', `/api/user-role-update/${agent.id}/agent`, { token: adminToken }));

  const { payload, headers } = multipartBody([
    {
      name: 'image',
      data: await makeImage('jpeg', { width: 800, height: 600 }),
      filename: 'home.jpg',
      contentType: 'image/jpeg',
    },
  ]);
  const uploaded = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${agent.token}` },
    body: payload,
  });
  expect(uploaded.status).toBe(200);
  photoUrl = ((await uploaded.json()) as { data: { url: string } }).data.url;
  photoBytes = await download(server.url, photoUrl);

  const listed = await ok(
    call(server, 'POST', '/api/properties', {
      token: agent.token,
      body: listingBody({ title: 'The backed-up house', image: photoUrl }),
    }),
  );
  listingId = listed.insertedId;
  await ok(
    call(server, 'PATCH', `/api/properties/admin-approval/${listingId}/true`, {
      token: adminToken,
    }),
  );
}, 300_000);

afterAll(async () => {
  await server?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('backups of the embedded database and its uploads', { timeout: 300_000 }, () => {
  it('are made while the server runs and keeps answering', async () => {
    const running = server as ServerProcess;
    // The server answers backups on a socket only its own user can open.
    const socket = await stat(path.join(liveDir, 'backup.sock'));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);

    let backingUp = true;
    const statuses: number[] = [];
    const reading = (async () => {
      while (backingUp) {
        const { status } = await call(running, 'GET', `/api/properties/${listingId}`, {
          token: agent.token,
        });
        statuses.push(status);
      }
    })();
    const backup = await runCommand('backup', [backupFile], { DATA_DIR: liveDir }).finally(() => {
      backingUp = false;
    });
    await reading;

    const made = result(backup);
    expect(made).toMatchObject({
      backup: backupFile,
      server: 'running',
      sessionSecret: true,
    });
    // The photo's files: its sizes in each format and its e-mail copy.
    expect(made.uploads.files).toBeGreaterThan(1);
    uploadFilesBackedUp = made.uploads.files;
    expect(made.bytes).toBe((await stat(backupFile)).size);
    expect(made.migrations).toBeGreaterThan(0);
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    // Nothing half-written is left beside it, nor in the data folder.
    expect((await readdir(root)).filter((name) => name.includes('partial'))).toEqual([]);
    expect((await readdir(liveDir)).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('restore into a new folder, where a server finds the accounts, the listing and the photos', async () => {
    await (server as ServerProcess).stop();
    server = undefined;
    // The stopped server leaves no socket behind.
    expect(existsSync(path.join(liveDir, 'backup.sock'))).toBe(false);

    const restoredDir = path.join(root, 'restored');
    const restored = result(await runCommand('restore', [backupFile], { DATA_DIR: restoredDir }));
    expect(restored).toMatchObject({ restored: restoredDir, sessionSecret: true });
    expect(await readdir(restoredDir)).toEqual(
      expect.arrayContaining(['pglite', 'uploads', 'session-secret']),
    );
    expect(existsSync(path.join(restoredDir, 'keyhaven.lock'))).toBe(false);

    const again = await startServer({ DATA_DIR: restoredDir });
    try {
      // The session made before the backup is still good: its row and the secret came back.
      const session = await ok(call(again, 'GET', '/auth/session', { token: agent.token }));
      expect(session.user._id).toBe(agent.id);
      const signedIn = await ok(
        call(again, 'POST', '/auth/login', {
          body: { email: agentBody.email, password: agentBody.password },
        }),
      );
      const listing = await ok(
        call(again, 'GET', `/api/properties/${listingId}`, { token: signedIn.token }),
      );
      expect(listing).toMatchObject({ title: 'The backed-up house', image: photoUrl });
      expect((await download(again.url, photoUrl)).equals(photoBytes)).toBe(true);
    } finally {
      await again.stop();
    }
  });

  it('refuse to restore into a folder that holds anything', async () => {
    const occupied = path.join(root, 'occupied');
    await mkdir(occupied);
    await writeFile(path.join(occupied, 'notes.txt'), 'keep me');
    const refused = await runCommand('restore', [backupFile], { DATA_DIR: occupied });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trim()).toBe(
      `${occupied} is not empty (it holds notes.txt): restore into an empty or missing DATA_DIR, so that nothing in use is overwritten.`,
    );
    expect(await readdir(occupied)).toEqual(['notes.txt']);
  });

  it('refuse a backup file cut short, before writing anything', async () => {
    const cut = path.join(root, 'cut.backup');
    await writeFile(cut, (await readFile(backupFile)).subarray(0, 100_000));
    const target = path.join(root, 'from-cut');
    const refused = await runCommand('restore', [cut], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${cut} is not a usable Keyhaven backup`);
    expect(existsSync(target)).toBe(false);
  });

  it('point a PostgreSQL installation to pg_dump and pg_restore', async () => {
    const settings = { DATABASE_URL: 'postgres://keyhaven@127.0.0.1:5432/keyhaven' };
    const backup = await runCommand('backup', [path.join(root, 'pg.backup')], settings);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('pg_dump -Fc');
    const restore = await runCommand('restore', [backupFile], settings);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('pg_restore --clean --if-exists -d');
  });

  it('are made of a data folder with no server running, and leave it as it was', async () => {
    const before = (await readdir(liveDir)).sort();
    const offlineFile = path.join(root, 'stopped.backup');
    const made = result(await runCommand('backup', [offlineFile], { DATA_DIR: liveDir }));
    expect(made).toMatchObject({ backup: offlineFile, server: 'stopped' });
    expect(made.uploads.files).toBe(uploadFilesBackedUp);
    expect((await readdir(liveDir)).sort()).toEqual(before);
  });
});
