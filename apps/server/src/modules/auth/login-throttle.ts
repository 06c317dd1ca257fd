import { isIPv4, isIPv6 } from 'node:net';
import { AUTH_MESSAGES } from '@keyhaven/shared';
import { AppError } from '../../lib/app-error.js';
import type { CounterStore } from '../../lib/counter-store.js';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures one address may make at one account in the window; then that pair is refused. */
export const MAX_PAIR_FAILURES = 5;
/** Failures one address may make across all accounts in the window; then it is refused. */
export const MAX_ADDRESS_FAILURES = 20;
/** Failures at one account from all addresses in the window past which it is under attack. */
export const ACCOUNT_ATTACK_FAILURES = 10;
/** How long an address that signed in to an account stays known for that account. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600 * 1000;

export type Sleep = (ms: number) => Promise<void>;

const realSleep: Sleep = (ms) =>
  ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

export interface LoginThrottleOptions {
  /** How long an attempt waits when its account is under attack and its address is unknown. */
  slowdownMs: number;
  sleep?: Sleep;
}

/**
 * The address a client is counted under. An IPv6 user usually holds a whole /64, so counting
 * single IPv6 addresses would give one attacker billions of fresh budgets (and store entries).
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  // A zone (%eth0) names the interface, not the client; a dotted tail is the last two groups.
  const plain = ip
    .replace(/%.*$/, '')
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
      [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)]
        .map((n) => n.toString(16))
        .join(':'),
    );
  const [head = '', tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * Brute-force protection that cannot be turned against an account's owner.
 *
 * Guesses are limited per client address (across accounts) and per address at one account, and
 * refused past those limits: that stops one source without touching anyone else. Failures at
 * one account are also counted across all addresses, but never refuse anything: once an account
 * is under attack, attempts from addresses that have not signed in to it recently wait before
 * their password is checked, right or wrong alike, while its owner's usual addresses go straight
 * through. A right password is never refused because of someone else's failures.
 *
 * An attempt is counted before its password is checked, and given back when it succeeds: a
 * check-then-count throttle lets every guess sent at the same moment through. One that ended
 * before any password was checked (the database was down) is given back too: an outage must not
 * leave its owner refused once the site is back. The address is
 * counted first, and a refused address leaves no counter for the account it named, so a
 * refused client cannot fill the store with e-mail addresses.
 */
export function createLoginThrottle(store: CounterStore, options: LoginThrottleOptions) {
  const sleep = options.sleep ?? realSleep;
  const keys = (rawEmail: string, ip: string) => {
    const email = rawEmail.trim().toLowerCase();
    const address = throttleAddress(ip);
    return {
      address: `login-failures:address:${address}`,
      pair: `login-failures:pair:${address}:${email}`,
      account: `login-failures:account:${email}`,
      known: `login-known:${address}:${email}`,
    };
  };
  const refuse = () => new AppError('RATE_LIMITED', AUTH_MESSAGES.tooManyAttempts);

  return {
    /**
     * Counts the attempt as a failure until it succeeds; refuses it past the address or pair
     * limit; makes it wait when its account is under attack and its address is unknown there.
     */
    async begin(email: string, ip: string) {
      const key = keys(email, ip);
      // A refused attempt checked no password: it is given back, so a burst of refusals does
      // not keep the address or pair refused longer than its real failures warrant.
      if ((await store.hit(key.address, LOGIN_WINDOW_MS)) > MAX_ADDRESS_FAILURES) {
        await store.decrement(key.address);
        throw refuse();
      }
      if ((await store.hit(key.pair, LOGIN_WINDOW_MS)) > MAX_PAIR_FAILURES) {
        await Promise.all([store.decrement(key.pair), store.decrement(key.address)]);
        throw refuse();
      }
      const accountFailures = await store.hit(key.account, LOGIN_WINDOW_MS);
      // Counts include this attempt: it is slowed when the failures before it reach the mark.
      if (accountFailures > ACCOUNT_ATTACK_FAILURES && (await store.count(key.known)) === 0) {
        await sleep(options.slowdownMs);
      }
    },
    /**
     * The attempt ended in a server error with no password checked: it is given back whole, as
     * if it had never been made. Only the attempts that really said "wrong" stay counted.
     */
    async unchecked(email: string, ip: string) {
      const key = keys(email, ip);
      await Promise.all([
        store.decrement(key.address),
        store.decrement(key.pair),
        store.decrement(key.account),
      ]);
    },
    /**
     * A right password: the attempt is given back, the pair's failures are forgiven, and the
     * address is remembered as one the account's owner uses. The account's count of failures
     * from elsewhere stays: the attack goes on whether or not its owner signs in.
     */
    async succeeded(email: string, ip: string) {
      const key = keys(email, ip);
      await Promise.all([
        store.decrement(key.address),
        store.decrement(key.account),
        store.reset(key.pair),
        store.remember(key.known, KNOWN_ADDRESS_MS),
      ]);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
