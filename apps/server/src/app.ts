import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { humanIssueMessage } from '@keyhaven/shared';
import Fastify, {
  type FastifyInstance,
  type FastifyServerFactory,
  type RouteOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import type { Config } from './config.js';
import { type Database, type DatabaseHandle, openConfiguredDatabase } from './db/client.js';
import { seedDemoIfEmpty } from './db/seed/demo.js';
import { ACCOUNT_LIMITS, type AccountLimits } from './lib/account-rate-limit.js';
import { BODY_LIMITS } from './lib/body-limits.js';
import {
  type CounterStore,
  createMemoryCounterStore,
  createRedisClient,
  createRedisCounterStore,
} from './lib/counter-store.js';
import { logOptions } from './lib/process-log.js';
import { requestLogSerializers } from './lib/request-log.js';
import { keepHeapSmall, releaseStartupMemory } from './lib/small-process-memory.js';
import { agentsRoutes } from './modules/agents/agents.routes.js';
import { listingAnalyticsRoutes } from './modules/analytics/listing-analytics.routes.js';
import { listingViewsPlugin } from './modules/analytics/listing-views.js';
import { auditLogRoutes } from './modules/audit/audit-log.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { googleRoutes } from './modules/auth/google.routes.js';
import { backupSocketPlugin } from './modules/backups/backup-socket.js';
import { comparablesRoutes } from './modules/comparables/comparables.routes.js';
import { conversationsRoutes } from './modules/conversations/conversations.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { failedJobsRoutes } from './modules/jobs/failed-jobs.routes.js';
import { listingSearchRoutes } from './modules/listing-search/index.js';
import { listingsRoutes } from './modules/listings/listings.routes.js';
import { unsubscribeRoutes } from './modules/mail/unsubscribe.routes.js';
import { mapRoutes } from './modules/map/map.routes.js';
import { marketplaceRoutes } from './modules/marketplace/marketplace.routes.js';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.js';
import { liveUpdatesPlugin } from './modules/notifications/live-updates.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { notificationsPlugin } from './modules/notifications/notifier.js';
import { offersRoutes } from './modules/offers/offers.routes.js';
import { openHousesRoutes } from './modules/open-houses/open-houses.routes.js';
import { paymentProviderPlugin } from './modules/payments/payment-provider.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { placesRoutes } from './modules/places/places.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { shoppingTogetherRoutes } from './modules/shopping-together/shopping-together.routes.js';
import { toursRoutes } from './modules/tours/tours.routes.js';
import { imagePipelineFor } from './modules/uploads/image-pipeline.js';
import { createSweepHold, type SweepHold } from './modules/uploads/sweep-hold.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { profilePhotoRoutes } from './modules/users/profile-photo.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.js';
import { apiRequestLimitPlugin } from './plugins/app/api-request-limit.js';
import { authenticationPlugin } from './plugins/app/authentication.js';
import {
  errorHandlerPlugin,
  frameworkErrorHandler,
  URI_TOO_LONG,
} from './plugins/app/error-handler.js';
import { jobsPlugin } from './plugins/app/jobs.js';
import { leavingPlugin } from './plugins/app/leaving.js';
import { listingCachePlugin } from './plugins/app/listing-cache.js';
import { mailPlugin } from './plugins/app/mail.js';
import { metricsPlugin } from './plugins/app/metrics.js';
import { requestBodiesPlugin } from './plugins/app/request-bodies.js';
import { requestGuardsPlugin } from './plugins/app/request-guards.js';
import { savedHomeAlertsPlugin } from './plugins/app/saved-home-alerts.js';
import { compressPlugin } from './plugins/external/compress.js';
import { openApiPlugin } from './plugins/external/openapi.js';
import { pageFormsRoutes } from './plugins/external/page-forms.js';
import { rateLimitPlugin } from './plugins/external/rate-limit.js';
import { securityHeadersPlugin } from './plugins/external/security-headers.js';
import { pageScriptSources, webAppPlugin } from './plugins/external/web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    counters: CounterStore;
    database: DatabaseHandle;
    db: Database;
    uploadSweepHold: SweepHold;
  }
}

export interface AppDependencies {
  /** An open, migrated database; when absent the app opens (and locks, and migrates) the configured one. */
  database?: DatabaseHandle;
  /** Where the built web app lives; tests point it elsewhere. */
  webDistDir?: string;
  /** Told of every route as it is registered (the authorization matrix test lists them this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Hourly allowances per account; suites that repeat one account's actions on purpose raise them. */
  accountLimits?: Partial<AccountLimits>;
  /** How a slowed sign-in waits; tests pass one that records the wait instead. */
  sleep?: (ms: number) => Promise<void>;
  /** Where the log is written (standard output by default); tests read it. */
  logStream?: DestinationStream;
  /**
   * The HTTP server the app answers on, already listening while the app is built (see
   * lib/instance-server.ts); without it the app makes its own, as `listen` and `inject` use.
   */
  serverFactory?: FastifyServerFactory;
}

const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const API_PREFIXES = ['/api/', '/auth/', '/uploads/', '/map/'];
const MAX_PARAM_LENGTH = 512;
/**
 * A path with a part longer than any real parameter: the router refuses it with 414 when an API
 * route would take it, and the pages' catch-all route must not take it either.
 */
const tooLong = (path: string) =>
  path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH);
const REQUEST_ID = /^[\w-]{8,64}$/;
const isApiPath = (path: string) => API_PREFIXES.some((prefix) => path.startsWith(prefix));

/** A path no page has: the web app renders its Not Found page there. */
const NOT_FOUND_PAGE = '/page-not-found';

/**
 * A browser opening an address whose percent-encoding is broken (`/%E0%A4%A`) gets the Not Found
 * page, as for any address that leads nowhere, instead of the router's bare refusal; the API's
 * callers (and any request that does not ask for a page) still get its JSON 400.
 */
function rewriteBrokenPageAddress(request: IncomingMessage): string {
  const url = request.url ?? '/';
  if (!url.includes('%') || (request.method !== 'GET' && request.method !== 'HEAD')) return url;
  const path = url.split('?')[0] ?? '/';
  if (isApiPath(path) || !request.headers.accept?.includes('text/html')) return url;
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return NOT_FOUND_PAGE;
  }
}

/** Builds the whole application without listening, so tests exercise exactly what runs. */
export async function buildApp(
  config: Config,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  // A check without a message of its own answers in the product's words, not the validator's.
  z.config({ customError: humanIssueMessage });
  const app = Fastify({
    logger: {
      ...logOptions(config.logLevel),
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Requested URLs are logged without the tokens and e-mail addresses they may carry.
      serializers: requestLogSerializers,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMITS.default,
    // The longest real path parameter is an agent's e-mail (254 characters, more once
    // percent-encoded); anything longer is refused with 414 in the API's error shape.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkErrorHandler,
    rewriteUrl: rewriteBrokenPageAddress,
    ...(deps.serverFactory ? { serverFactory: deps.serverFactory } : {}),
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // A server process starts its database with the modules' garbage gone, so the two never add up.
  if (!deps.database) {
    if (config.database.driver === 'pglite') keepHeapSmall();
    releaseStartupMemory();
  }
  const own = deps.database ? undefined : await openConfiguredDatabase(config, app.log);
  const database = deps.database ?? (own as NonNullable<typeof own>).handle;
  app.decorate('config', config);
  app.decorate('accountLimits', { ...ACCOUNT_LIMITS, ...deps.accountLimits });
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('uploadSweepHold', createSweepHold());
  // Only a database the app opened itself is seeded: tests bring their own.
  if (own && config.seedDemo) {
    await seedDemoIfEmpty({
      db: database.maintenance,
      storage: imagePipelineFor(config).storage,
      log: app.log,
    });
  }
  // What opening, seeding and compiling the routes left behind goes before the first request.
  if (own) app.addHook('onReady', async () => releaseStartupMemory());
  app.addHook('onClose', async () => {
    if (!own) return;
    await own.handle.close();
    own.release();
  });
  // Only the process that holds the embedded data directory can copy it while it runs. Registered
  // after the database's closing, so it closes first (hooks close in reverse) and a dump under
  // way ends before the database does.
  if (own && database.driver === 'pglite') await app.register(backupSocketPlugin);

  // Throttling counters live in Redis when several instances must share them.
  const redis = config.redisUrl
    ? createRedisClient(config.redisUrl, {
        timeoutMs: config.redisTimeoutMs,
        log: app.log.child({ module: 'redis' }),
      })
    : undefined;
  app.decorate('counters', redis ? createRedisCounterStore(redis) : createMemoryCounterStore());
  app.addHook('onClose', async () => app.counters.close());

  await app.register(errorHandlerPlugin);
  await app.register(leavingPlugin);
  const webDistDir = deps.webDistDir ?? defaultWebDistDir;
  await app.register(securityHeadersPlugin, {
    isProduction: config.isProduction,
    mapStyleUrl: config.mapStyleUrl,
    pageScripts: pageScriptSources(webDistDir),
  });
  await app.register(requestGuardsPlugin, { publicUrl: config.publicUrl });
  await app.register(requestBodiesPlugin);
  await app.register(compressPlugin);
  await app.register(rateLimitPlugin, { redis });
  await app.register(apiRequestLimitPlugin);
  await app.register(openApiPlugin, { brandName: config.brandName, publicUrl: config.publicUrl });

  await app.register(authenticationPlugin);
  await app.register(metricsPlugin);
  await app.register(listingCachePlugin, {
    ttlSeconds: config.searchCacheSeconds,
    sharedDatabase: 'url' in database.connection ? database.connection : undefined,
  });
  await app.register(paymentProviderPlugin);
  await app.register(listingViewsPlugin);

  await app.register(jobsPlugin);
  await app.register(mailPlugin);
  await app.register(liveUpdatesPlugin);
  await app.register(notificationsPlugin);
  await app.register(savedHomeAlertsPlugin);
  await app.register(healthRoutes);
  await app.register(authRoutes, { sleep: deps.sleep });
  await app.register(googleRoutes);
  await app.register(uploadsRoutes);
  await app.register(usersRoutes);
  await app.register(profilePhotoRoutes);
  await app.register(listingSearchRoutes);
  await app.register(listingsRoutes);
  await app.register(openHousesRoutes);
  await app.register(comparablesRoutes);
  await app.register(toursRoutes);
  await app.register(shoppingTogetherRoutes);
  await app.register(wishlistRoutes);
  await app.register(offersRoutes);
  await app.register(paymentsRoutes);
  await app.register(reviewsRoutes);
  await app.register(agentsRoutes);
  await app.register(notificationsRoutes);
  await app.register(savedSearchesRoutes);
  await app.register(conversationsRoutes);
  await app.register(newsletterRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(failedJobsRoutes);
  await app.register(listingAnalyticsRoutes);
  await app.register(marketplaceRoutes);
  await app.register(reportsRoutes);
  await app.register(auditLogRoutes);
  await app.register(seoRoutes);
  await app.register(placesRoutes);
  await app.register(mapRoutes);

  const isPagePath = (path: string) => !isApiPath(path) && !tooLong(path);
  await app.register(webAppPlugin, {
    distDir: webDistDir,
    brandName: config.brandName,
    renderTimeoutMs: config.pageRenderTimeoutMs,
    isPagePath,
  });
  await app.register(pageFormsRoutes, { isPagePath });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (tooLong(path)) {
      return reply
        .status(URI_TOO_LONG.status)
        .header('cache-control', 'no-store')
        .send(URI_TOO_LONG.body);
    }
    return reply
      .status(404)
      .send({ error: `No route ${request.method} ${path}`, code: 'NOT_FOUND' });
  });

  return app;
}
