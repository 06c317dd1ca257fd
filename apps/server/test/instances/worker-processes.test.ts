import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { createAccount } from '../helpers/accounts.js';
import { createListing } from '../helpers/listings.js';
import {
  createScratchDatabase,
  postgresAnswers,
  postgresServerUrl,
  queryOnce,
  type ScratchDatabase,
} from '../helpers/postgres-server.js';
import { call, type ServerProcess, spawnServer, startServer } from '../helpers/server-process.js';

/*
 * WEB_CONCURRENCY server processes on one machine, sharing one port: each answers as a whole
 * instance, a listing changed in the database shows in every process's next answer, a process
 * that stops is replaced, and SIGTERM stops them all. Skipped, with one line saying so, when
 * PostgreSQL does not answer.
 */

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

const available = await postgresAnswers();
if (!available) {
  console.warn(
    `PostgreSQL does not answer at ${postgresServerUrl}: the server processes tests are skipped.`,
  );
}

let database: ScratchDatabase;
let dataDir: string;
let server: ServerProcess;
let listingId: string;

/**
 * The server processes the supervising process has started, by pid: its children that Node's
 * cluster started (others, such as a compiler's helper process, have no NODE_UNIQUE_ID).
 */
function serverProcessesOf(supervisor: ServerProcess): number[] {
  const pid = supervisor.child.pid as number;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return children.filter((child) => {
    try {
      return readFileSync(`/proc/${child}/environ`, 'utf8')
        .split('\0')
        .some((variable) => variable.startsWith('NODE_UNIQUE_ID='));
    } catch {
      return false; // gone meanwhile
    }
  });
}

function settings(databaseUrl: string) {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    LIVE_UPDATES_CHANNEL: `keyhaven-test:processes:${path.basename(dataDir)}`,
    WEB_CONCURRENCY: '2',
    DATA_DIR: dataDir,
    // Each process keeps what it answers for five minutes: only the database's notices of
    // changes can make it answer differently sooner.
    SEARCH_CACHE_SECONDS: '300',
    // Each process says when it listens, with its pid (see serving).
    LOG_LEVEL: 'info',
  };
}

/** The server processes that have said their app is ready, by pid (from their log lines). */
function listeningProcessesOf(supervisor: ServerProcess): Set<number> {
  const pids = new Set<number>();
  for (const line of supervisor.output().split('\n')) {
    if (!line.includes('Server ready at')) continue;
    const pid = /"pid":(\d+)/.exec(line)?.[1];
    if (pid) pids.add(Number(pid));
  }
  return pids;
}

/**
 * Whether `count` server processes run and every one of them listens. A process that is forked
 * but still starting takes no connections: the port answers only through the others.
 */
function serving(supervisor: ServerProcess, count: number) {
  const running = serverProcessesOf(supervisor);
  const listening = listeningProcessesOf(supervisor);
  return running.length === count && running.every((pid) => listening.has(pid));
}

/** The status of a GET on a connection of its own, opened for it and closed after it. */
function statusOnNewConnection(path: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port: server.port, path, agent: false, timeout: 10_000 },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      )
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy(new Error(`GET ${path}: no answer within 10 s`));
      })
      .on('error', reject);
  });
}

/** The titles of the public search through the shared port, asked `times` times in a row. */
async function titlesAsked(times: number) {
  const seen = new Set<string>();
  for (let i = 0; i < times; i++) {
    const answer = await call(server, 'GET', '/properties/search?location=Austin');
    expect(answer.status).toBe(200);
    seen.add((answer.body as Array<{ title: string }>).map((listing) => listing.title).join('|'));
  }
  return [...seen];
}

describe.skipIf(!available)('several server processes on one port', { timeout: 150_000 }, () => {
  beforeAll(async () => {
    database = await createScratchDatabase('keyhaven_processes');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-processes-'));
    // A listing made in the database first, by the app in this process.
    const handle = await openDatabase({ driver: 'postgres', url: database.url });
    await handle.migrate();
    const app = await buildApp(
      configFrom({ DATA_DIR: path.join(dataDir, 'setup'), LOG_LEVEL: 'silent' }),
      { database: handle },
    );
    await app.ready();
    const agent = await createAccount(app, 'agent');
    listingId = await createListing(app, agent, {
      title: 'Bungalow by the lake',
      lat: 30.27,
      lng: -97.74,
    });
    await app.close();
    await handle.close();

    server = await startServer(settings(database.url));
    // The first process to listen makes /readyz answer; the second follows, later on a busy
    // machine.
    const deadline = Date.now() + 60_000;
    while (!serving(server, 2) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers on one port from two processes, which all see a change made in the database', async () => {
    expect(serving(server, 2), server.output()).toBe(true);
    // Asked often enough that both processes answer, and then keep, this page.
    expect(await titlesAsked(10)).toEqual(['Bungalow by the lake']);

    await queryOnce(database.url, `update properties set title = 'Lake house' where id = $1`, [
      listingId,
    ]);
    await expect.poll(() => titlesAsked(10), { timeout: 5000 }).toEqual(['Lake house']);
  });

  it('replaces a process that stops, and answers new connections meanwhile', async () => {
    const [stopped, survivor] = serverProcessesOf(server);
    process.kill(stopped as number, 'SIGKILL');

    // Connections the stopped process held are lost with it, as is one handed to it in the instant
    // before the supervisor learns that it stopped (Node's cluster); once it knows, every new
    // connection goes to a running process.
    await expect
      .poll(() => server.output(), { timeout: 10_000 })
      .toContain(`A server process (pid ${stopped}) stopped (SIGKILL); starting another.`);
    for (let i = 0; i < 10; i++) expect(await statusOnNewConnection('/readyz')).toBe(200);
    await expect
      .poll(
        () => {
          const now = serverProcessesOf(server);
          return (
            serving(server, 2) &&
            now.includes(survivor as number) &&
            !now.includes(stopped as number)
          );
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    for (let i = 0; i < 10; i++) expect(await statusOnNewConnection('/readyz')).toBe(200);
  });

  it('stops every process on SIGTERM, with exit code 0', async () => {
    const processes = serverProcessesOf(server);
    await server.stop();
    expect(await server.exited).toBe(0);
    for (const pid of processes) {
      expect(() => process.kill(pid, 0), `process ${pid} is still running`).toThrow();
    }
  });

  it('stops, with exit code 1, when its processes cannot start', async () => {
    const missing = new URL(database.url);
    missing.pathname = '/keyhaven_processes_no_such_database';
    const failing = await spawnServer(settings(missing.toString()));
    expect(await failing.exited).toBe(1);
    expect(failing.output()).toMatch(/stopped before it could serve/);
    expect(failing.output()).toMatch(/keyhaven_processes_no_such_database/);
  });
});
