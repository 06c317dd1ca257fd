import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

/** The problems loadConfig reports for an environment, or none when it is accepted. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

/** Everything production needs, so a test can take one setting away. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
  STRIPE_SECRET_KEY: 'sk_live_keyhaven',
  STRIPE_WEBHOOK_SECRET: 'whsec_keyhaven',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
};

const without = (name: keyof typeof PRODUCTION) =>
  Object.fromEntries(Object.entries(PRODUCTION).filter(([key]) => key !== name));

describe('config', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.driver).toBe('pglite');
    expect(config.seedDemo).toBe(true);
    expect(config.brandName).toBe('Keyhaven');
    expect(config.dataDir).toMatch(/data$/);
  });

  it('uses PostgreSQL and no demo seed when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/keyhaven' });
    expect(config.database).toEqual({
      driver: 'postgres',
      url: 'postgres://postgres@127.0.0.1:5432/keyhaven',
      poolSize: 10,
      timeoutMs: 2000,
    });
    expect(config.seedDemo).toBe(false);
  });

  it('takes a metrics token of at least 32 characters, and has none unless given one', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    const token = 'a-metrics-token-for-the-scraper-0123';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
  });

  it('takes the pool size and the time limit from DATABASE_POOL_SIZE and DATABASE_TIMEOUT_MS', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/keyhaven',
      DATABASE_POOL_SIZE: '4',
      DATABASE_TIMEOUT_MS: '1500',
    });
    expect(config.database).toMatchObject({ poolSize: 4, timeoutMs: 1500 });
    expect(config.redisTimeoutMs).toBe(1500);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0', DATABASE_TIMEOUT_MS: 'soon' })).toThrow(
      /DATABASE_POOL_SIZE[\s\S]*DATABASE_TIMEOUT_MS/,
    );
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        SEED_DEMO: 'maybe',
        GOOGLE_CLIENT_ID: 'only-the-id',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(problems).toContain('SEED_DEMO: must be true or false');
    expect((error as ConfigError).problems.length).toBeGreaterThanOrEqual(3);
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: is required/);
  });

  it('refuses production without Stripe keys, naming both settings, instead of the demo checkout', () => {
    expect(problemsOf(PRODUCTION)).toEqual([]);
    const problems = problemsOf({ ...without('STRIPE_SECRET_KEY'), STRIPE_WEBHOOK_SECRET: '' });
    expect(problems).toEqual([
      'STRIPE_SECRET_KEY: is required in production: without it buyers would pay at the demo checkout, which takes test cards and moves no money',
      'STRIPE_WEBHOOK_SECRET: is required in production',
    ]);
    expect(problemsOf(without('STRIPE_WEBHOOK_SECRET'))).toEqual([
      'STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set',
    ]);
    // Outside production the demo checkout stays the default.
    expect(loadConfig({}).stripe).toBeUndefined();
  });

  it('never seeds the demo data in production, even on the embedded database, and refuses SEED_DEMO=true there', () => {
    const embedded = loadConfig(PRODUCTION);
    expect(embedded.database.driver).toBe('pglite');
    expect(embedded.seedDemo).toBe(false);
    expect(problemsOf({ ...PRODUCTION, SEED_DEMO: 'true' })).toEqual([
      'SEED_DEMO: must not be true in production: the demo accounts would sign in with their published passwords',
    ]);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('refuses production without a mail transport unless the outbox is chosen explicitly', () => {
    expect(problemsOf(without('SMTP_URL'))).toEqual([
      'SMTP_URL: is required in production to send e-mail (address confirmations, password resets); to keep every message in DATA_DIR/outbox instead, set MAIL_TRANSPORT=outbox',
    ]);
    const outbox = loadConfig({ ...without('SMTP_URL'), MAIL_TRANSPORT: 'outbox' });
    expect(outbox.mail.smtpUrl).toBeUndefined();
    expect(problemsOf({ ...PRODUCTION, MAIL_TRANSPORT: 'outbox' })).toEqual([
      'MAIL_TRANSPORT: outbox keeps every e-mail in DATA_DIR/outbox and never sends it: unset SMTP_URL, or set MAIL_TRANSPORT=smtp',
    ]);
    expect(problemsOf({ MAIL_TRANSPORT: 'smtp' })).toEqual([
      'SMTP_URL: is required when MAIL_TRANSPORT is smtp',
    ]);
    expect(problemsOf({ MAIL_TRANSPORT: 'pigeon' })).toEqual([
      'MAIL_TRANSPORT: must be smtp or outbox',
    ]);
    // Outside production the outbox stays the default.
    expect(loadConfig({}).mail.smtpUrl).toBeUndefined();
  });

  it('lists every missing production setting at once', () => {
    expect(
      problemsOf({ NODE_ENV: 'production', SEED_DEMO: 'true', TRUST_PROXY: 'true' }).map(
        (problem) => problem.split(':')[0],
      ),
    ).toEqual([
      'SESSION_SECRET',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SEED_DEMO',
      'SMTP_URL',
      'TRUST_PROXY',
    ]);
  });

  it('trusts forwarded addresses only from the listed proxies, IPv4 and IPv6', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(
      loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
    ]);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33,nginx,2001:db8::/129,10.0.0.1/8/8' })).toEqual([
      'TRUST_PROXY: must be false or the reverse proxies\' addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1,10.0.0.0/8); not "10.0.0.0/33", "nginx", "2001:db8::/129", "10.0.0.1/8/8"',
    ]);
  });

  it('takes TRUST_PROXY=true as a proxy on this machine, and refuses it in production', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual(['127.0.0.0/8', '::1']);
    expect(problemsOf({ ...PRODUCTION, TRUST_PROXY: 'true' })).toEqual([
      "TRUST_PROXY: true is refused in production: list the reverse proxies' addresses or ranges instead (e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8), so that a client cannot choose its own address",
    ]);
  });

  it('runs one server process unless WEB_CONCURRENCY asks for more', () => {
    expect(loadConfig({}).processes).toBe(1);
    expect(
      loadConfig({
        WEB_CONCURRENCY: '2',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/keyhaven',
        REDIS_URL: 'redis://127.0.0.1:6379',
      }).processes,
    ).toBe(2);
  });

  it('refuses several server processes on the embedded database or without Redis', () => {
    let error: unknown;
    try {
      loadConfig({ WEB_CONCURRENCY: '2' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'WEB_CONCURRENCY: above 1 needs DATABASE_URL: the embedded database can be opened by one process only',
      'WEB_CONCURRENCY: above 1 needs REDIS_URL: the processes share sign-in throttling, rate limits and live updates there',
    ]);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
  });
});
