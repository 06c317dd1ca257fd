import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type AppDependencies, buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { insertTestListingPhoto, TEST_LISTING_PHOTO } from './listings.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  dataDir: string;
}

/**
 * Hourly allowances per account high enough for suites that repeat one account's reviews,
 * offers and withdrawals on purpose (fuzzing, races), so none of their requests meets a 429.
 */
export const REPEATING_ACCOUNT_LIMITS = {
  review: 1e6,
  offer: 1e6,
  withdrawal: 1e6,
  openHouse: 1e6,
  tour: 1e6,
  tourChange: 1e6,
  sharedInvite: 1e6,
  sharedChange: 1e6,
};

/** Settings for the app, or a function giving them once earlier hooks have run (a port, a URL). */
export type TestEnv = Record<string, string> | (() => Record<string, string>);

/**
 * A new listing needs a photo, so every test's listing shows TEST_LISTING_PHOTO: the app stores
 * its (unowned) upload before any request that names it. Only then: tests that count uploads or
 * sweep them see none they did not make.
 */
function holdTestListingPhoto(app: FastifyInstance) {
  const inject = app.inject.bind(app);
  app.inject = (async (options: InjectOptions | string) => {
    if (JSON.stringify(options).includes(TEST_LISTING_PHOTO)) await insertTestListingPhoto(app.db);
    return inject(options);
  }) as FastifyInstance['inject'];
}

/**
 * Registers hooks that build the real app once per test file (or describe block) on its own
 * database and data directory, and empty the database before every test. Read the context
 * inside tests.
 */
export function useTestApp(
  env: TestEnv = {},
  deps: Pick<AppDependencies, 'accountLimits'> = {},
): TestContext {
  const context = {} as TestContext;

  beforeAll(async () => {
    context.dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-test-'));
    context.database = await createTestDatabase();
    context.app = await buildApp(
      configFrom({
        DATA_DIR: context.dataDir,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        // Pages load their data from a fresh database on a machine that may be busy with other
        // suites: the shell going instead after the usual few seconds would test the machine.
        PAGE_RENDER_TIMEOUT_MS: '60000',
        ...(typeof env === 'function' ? env() : env),
      }),
      { ...deps, database: context.database },
    );
    await context.app.ready();
    holdTestListingPhoto(context.app);
  });

  beforeEach(async () => {
    await context.database.reset();
  });

  afterAll(async () => {
    await context.app?.close();
    await context.database?.destroy();
    if (context.dataDir) await rm(context.dataDir, { recursive: true, force: true });
  });

  return context;
}
