import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

/*
 * What routes declare about themselves, checked over every route of both apps (the demo
 * checkout's and Stripe's), as Fastify registered them.
 */

interface Built {
  app: FastifyInstance;
  routes: RouteOptions[];
}

let database: TestDatabase;
let dataDir: string;
const apps: Record<'demo' | 'stripe', Built> = {} as Record<'demo' | 'stripe', Built>;

async function build(env: Record<string, string>): Promise<Built> {
  const routes: RouteOptions[] = [];
  const app = await buildApp(
    configFrom({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env }),
    { database, onRoute: (route) => routes.push(route) },
  );
  await app.ready();
  return { app, routes };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-routes-'));
  database = await createTestDatabase();
  apps.demo = await build({});
  apps.stripe = await build({
    STRIPE_SECRET_KEY: 'sk_test_routes',
    STRIPE_WEBHOOK_SECRET: 'whsec_routes',
  });
});

afterAll(async () => {
  await apps.demo?.app.close();
  await apps.stripe?.app.close();
  await database?.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

const methodsOf = (route: RouteOptions) => [route.method].flat().filter((m) => m !== 'HEAD');
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('route declarations', () => {
  it('list 429 in the API document for every route with a rate limit', async () => {
    const missing: string[] = [];
    let limited = 0;
    for (const { app, routes } of Object.values(apps)) {
      const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      for (const route of routes) {
        if (!(route.config as { rateLimit?: unknown } | undefined)?.rateLimit) continue;
        for (const method of methodsOf(route)) {
          limited++;
          const responses =
            document.paths[documentPath(route.url)]?.[method.toLowerCase()]?.responses ?? {};
          if (!responses['429']) missing.push(`${method} ${route.url}`);
        }
      }
    }
    expect(limited).toBeGreaterThanOrEqual(6);
    expect(missing).toEqual([]);
  });
});
