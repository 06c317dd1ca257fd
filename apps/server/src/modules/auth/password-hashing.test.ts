import { availableParallelism } from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { configFrom } from '../../config.js';
import { createPasswordHashing, passwordHashesAtOnce } from './password-hashing.js';

describe('password hashing', () => {
  it('runs as many hashes at a time as it is given and answers every one', async () => {
    const hashing = createPasswordHashing(2);
    const stored = await hashPassword('Buyer123');
    const checks = ['Buyer123', 'wrong', 'Buyer123', 'Buyer12', 'Buyer123'].map((password) =>
      hashing.verify({ hash: stored, password }),
    );
    expect({ running: hashing.running, waiting: hashing.waiting }).toEqual({
      running: 2,
      waiting: 3,
    });
    expect(await Promise.all(checks)).toEqual([true, false, true, false, true]);
    expect({ running: hashing.running, waiting: hashing.waiting }).toEqual({
      running: 0,
      waiting: 0,
    });
  });

  it("never runs more at once than Node's thread pool has threads", () => {
    const hashing = createPasswordHashing(64);
    const hashes = Array.from({ length: 6 }, (_, i) => hashing.hash(`Password${i}`));
    expect({ running: hashing.running, waiting: hashing.waiting }).toEqual({
      running: 4,
      waiting: 2,
    });
    return Promise.all(hashes);
  });

  it("writes better-auth's own format, so stored passwords and new ones check alike", async () => {
    const hashing = createPasswordHashing(1);
    const ours = await hashing.hash('Agent123');
    expect(await verifyPassword({ hash: ours, password: 'Agent123' })).toBe(true);
    const theirs = await hashPassword('Agent123');
    expect(await hashing.verify({ hash: theirs, password: 'Agent123' })).toBe(true);
    expect(await hashing.verify({ hash: theirs, password: 'agent123' })).toBe(false);
  });

  it('hashes one password at a time on the embedded server, one a core on PostgreSQL', () => {
    expect(passwordHashesAtOnce({ driver: 'pglite', dataDir: '/data/pglite' })).toBe(1);
    const postgres = configFrom({ DATABASE_URL: 'postgres://db/keyhaven' }).database;
    expect(passwordHashesAtOnce(postgres)).toBe(availableParallelism());
  });
});
