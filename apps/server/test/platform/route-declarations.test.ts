import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { declaresListingChanges } from '../../src/plugins/app/listing-cache.js';
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

/**
 * The routes that can change what listing pages show or count (a listing's content, approval or
 * availability, its agent's standing), so their answers empty the listing caches. These are the
 * writes the caches used to be emptied by, less those that leave listings alone (below), with the
 * Stripe check of a payment, a read that can complete a sale.
 */
const CHANGES_LISTINGS = [
  'POST /api/properties',
  'PATCH /api/properties/:id',
  'DELETE /api/properties/:id',
  'PATCH /api/properties/admin-approval/:id/:decision',
  'PATCH /api/properties/accept-request/:id',
  'PATCH /api/properties/release-offer/:id',
  'PATCH /requested-properties/:id/remove',
  'PATCH /api/user-role-update/:userId/:newRole',
  'DELETE /api/users/:uid',
  'POST /api/payment/create-checkout-session',
  'GET /api/payment/verify',
  'POST /api/payment/demo/:sessionId/pay',
  'POST /api/payment/webhook',
  'POST /api/properties/:id/reports',
  'POST /api/admin/reports/:propertyId/decision',
  // An open house is on its listing's card (the badge, the weekend filter).
  'POST /api/properties/:id/open-houses',
  'DELETE /api/properties/:id/open-houses/:openHouseId',
  // A page's form (Add Property, the test checkout's payment) through the API routes that do it.
  'POST /*',
];

/** Every other write, and why no listing page changes with it. */
const KEEPS_LISTINGS: Record<string, string> = {
  'POST /auth/register': 'a new account has no listings',
  'POST /auth/forgot-password': 'a reset link changes no listing',
  'POST /auth/reset-password': 'a new password changes no listing',
  'POST /auth/verify-email': 'confirming an address changes no listing',
  'POST /auth/verify-email/resend': 'a confirmation link changes no listing',
  'POST /auth/login': 'signing in changes no listing',
  'POST /auth/logout': 'signing out changes no listing',
  'PATCH /api/profile/photo': "listings show their agent's name and e-mail, not the photo",
  'PATCH /make-offer/:propertyId': 'a pending offer does not reserve the home',
  'PATCH /api/properties/requestStatus/:id':
    'declining a pending offer neither reserves nor frees it',
  'PATCH /properties/:id/wishlist': "a wishlist is the buyer's own",
  'PATCH /wishlist-properties/:id/remove': "a wishlist is the buyer's own",
  'POST /api/reviews': 'listing pages show no reviews',
  'POST /api/agents/:id/reviews': 'listings show no reviews of their agents',
  'PUT /api/agent-profile': 'a listing names its agent from the account, never from the profile',
  'DELETE /api/property-reviews/:id': 'listing pages show no reviews',
  'POST /api/uploads': 'an image shows only once a listing edit refers to it',
  'POST /api/admin/refunds/:paymentId': 'a refund returns money that never became a sale',
  'POST /api/subscribe': 'the newsletter list is not a listing',
  'POST /api/subscribe/confirm': 'the newsletter list is not a listing',
  'POST /api/properties/:id/messages': 'a question to the agent changes nothing buyers see',
  'PUT /api/properties/:id/tour-availability': 'viewing hours are not on cards or in search',
  'POST /api/properties/:id/tours': "a tour request is its buyer's and agent's own",
  'PATCH /api/tours/:id/confirm': "a tour is its buyer's and agent's own",
  'PATCH /api/tours/:id/propose': "a tour is its buyer's and agent's own",
  'PATCH /api/tours/:id/accept': "a tour is its buyer's and agent's own",
  'PATCH /api/tours/:id/decline': "a tour is its buyer's and agent's own",
  'PATCH /api/tours/:id/cancel': "a tour is its buyer's and agent's own",
  'PATCH /api/tours/:id/complete': "a tour is its buyer's and agent's own",
  'POST /api/shared-wishlist/invitations': "a shared wishlist is its buyers' own",
  'DELETE /api/shared-wishlist/invitations/:invitationId': "a shared wishlist is its buyers' own",
  'POST /api/shared-wishlist/invitations/preview': "a shared wishlist is its buyers' own",
  'POST /api/shared-wishlist/invitations/accept': "a shared wishlist is its buyers' own",
  'POST /api/shared-wishlist/invitations/decline': "a shared wishlist is its buyers' own",
  'POST /api/shared-wishlist/leave': "a shared wishlist is its buyers' own",
  'DELETE /api/shared-wishlist/members/:memberId': "a shared wishlist is its buyers' own",
  'DELETE /api/shared-wishlist/homes/:id': "a shared wishlist is its buyers' own",
  'PUT /api/shared-wishlist/homes/:id/reaction': "a shared wishlist is its buyers' own",
  'DELETE /api/shared-wishlist/homes/:id/reaction': "a shared wishlist is its buyers' own",
  'POST /api/shared-wishlist/homes/:id/notes': "a shared wishlist is its buyers' own",
  'DELETE /api/shared-wishlist/notes/:noteId': "a shared wishlist is its buyers' own",
  'POST /api/conversations/:id/messages': "a conversation is its two sides' own",
  'DELETE /api/messages/:id': 'listing pages show no messages',
  'POST /api/notifications/:id/read': "a person's notifications are their own",
  'POST /api/notifications/read-all': "a person's notifications are their own",
  'PUT /api/notification-settings': "a person's settings are their own",
  'POST /api/unsubscribe': 'e-mail settings and the newsletter list are not listings',
  'POST /api/saved-searches': "a saved search is its owner's own",
  'PATCH /api/saved-searches/:id': "a saved search is its owner's own",
  'DELETE /api/saved-searches/:id': "a saved search is its owner's own",
  'POST /api/saved-searches/:id/viewed': "a saved search is its owner's own",
  'POST /api/properties/:id/views':
    "a view is counted for the listing's agent; buyers see nothing of it",
  'POST /api/admin/failed-jobs/:id/run-again':
    'jobs send mail, tell people and match saved searches; none changes a listing',
};

/**
 * The writes that leave the session cache as it is: a buyer's everyday records, none of which
 * touches an account, a role or a session. Every other write empties it, so a route missing here
 * costs only a lookup, while a route wrongly here could let a demoted account keep its access.
 */
const LEAVES_ACCOUNTS = [
  'PATCH /properties/:id/wishlist',
  'PATCH /wishlist-properties/:id/remove',
  'PATCH /make-offer/:propertyId',
  'POST /api/properties/:id/messages',
  'POST /api/conversations/:id/messages',
  'POST /api/notifications/:id/read',
  'POST /api/notifications/read-all',
  'POST /api/saved-searches',
  'PATCH /api/saved-searches/:id',
  'DELETE /api/saved-searches/:id',
  'POST /api/saved-searches/:id/viewed',
  'PUT /api/properties/:id/tour-availability',
  'POST /api/properties/:id/tours',
  'PATCH /api/tours/:id/confirm',
  'PATCH /api/tours/:id/propose',
  'PATCH /api/tours/:id/accept',
  'PATCH /api/tours/:id/decline',
  'PATCH /api/tours/:id/cancel',
  'PATCH /api/tours/:id/complete',
  'POST /api/shared-wishlist/invitations',
  'DELETE /api/shared-wishlist/invitations/:invitationId',
  'POST /api/shared-wishlist/invitations/preview',
  'POST /api/shared-wishlist/invitations/accept',
  'POST /api/shared-wishlist/invitations/decline',
  'POST /api/shared-wishlist/leave',
  'DELETE /api/shared-wishlist/members/:memberId',
  'DELETE /api/shared-wishlist/homes/:id',
  'PUT /api/shared-wishlist/homes/:id/reaction',
  'DELETE /api/shared-wishlist/homes/:id/reaction',
  'POST /api/shared-wishlist/homes/:id/notes',
  'DELETE /api/shared-wishlist/notes/:noteId',
];

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
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

  it('mark every route that changes listings, and every other write says why it keeps them', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const [kind, { routes }] of Object.entries(apps)) {
      for (const route of routes) {
        for (const method of methodsOf(route)) {
          const name = `${method} ${route.url}`;
          seen.add(name);
          const changes = CHANGES_LISTINGS.includes(name);
          const declared = declaresListingChanges(route.config);
          if (changes && !declared) {
            problems.push(`${name} (${kind} app) changes listings but does not declare it`);
          }
          if (declared && !changes) {
            problems.push(`${name} (${kind} app) declares changesListings: list it here`);
          }
          if (UNSAFE.has(method) && !changes && !(name in KEEPS_LISTINGS)) {
            problems.push(
              `${name} (${kind} app) is a write: declare changesListings, or say why it keeps listings`,
            );
          }
        }
      }
    }
    for (const name of [...CHANGES_LISTINGS, ...Object.keys(KEEPS_LISTINGS)]) {
      if (!seen.has(name)) problems.push(`${name} names no route`);
    }
    expect(problems).toEqual([]);
  });

  it('leave the session cache only on the writes listed as touching no account', () => {
    const declared = new Set<string>();
    for (const { routes } of Object.values(apps)) {
      for (const route of routes) {
        if ((route.config as { leavesAccounts?: unknown } | undefined)?.leavesAccounts !== true) {
          continue;
        }
        for (const method of methodsOf(route)) declared.add(`${method} ${route.url}`);
      }
    }
    expect([...declared].sort()).toEqual([...LEAVES_ACCOUNTS].sort());
  });
});
