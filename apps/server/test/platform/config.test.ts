import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

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
    });
    expect(config.seedDemo).toBe(false);
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
