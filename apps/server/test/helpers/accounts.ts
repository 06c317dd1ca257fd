import type { Role } from '@keyhaven/shared';
import { hashPassword, makeSignature } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema.js';

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  token: string;
  /** The session cookie, as `name=value`. */
  cookie: string;
  /** Headers that authenticate as this account with the bearer token. */
  bearer: { authorization: string };
}

let counter = 0;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A distinct client address per call, so per-address rate limits do not trip across tests. */
export function nextAddress() {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export function registrationBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Test Person ${counter}`,
    email: `person${counter}-${Date.now()}@example.test`,
    phone: '+1 555 010 0000',
    country: 'United States',
    birth: '1990-04-12',
    password: 'Secret123',
    ...overrides,
  };
}

export interface AccountOptions {
  /** Whether the e-mail address counts as confirmed (true unless a test needs it not to be). */
  verified?: boolean;
  /** How many days ago the account was made (today unless a test needs an established one). */
  joinedDaysAgo?: number;
  /** Registered through the API even when confirmed: for tests of signing in itself. */
  registered?: boolean;
}

/**
 * An account as registration leaves it, with a signed-in session: made through better-auth's own
 * adapter (the user, its password account and a session, as its sign-up writes them), so the
 * many tests that only need someone signed in do not each pay for a password hash. The password
 * is hashed for real, once per process. An unconfirmed account registers through the API, as a
 * user would, so it gets the confirmation mail that tests of unconfirmed addresses look for.
 */
export async function createAccount(
  app: FastifyInstance,
  role: Role = 'user',
  overrides: Record<string, unknown> = {},
  { verified = true, joinedDaysAgo = 0, registered: viaApi = !verified }: AccountOptions = {},
): Promise<TestAccount> {
  const body = registrationBody(overrides);
  const account = viaApi ? await registered(app, body) : await signedUp(app, body);
  if (role !== 'user' || verified || joinedDaysAgo > 0) {
    const joined =
      joinedDaysAgo > 0 ? { createdAt: new Date(Date.now() - joinedDaysAgo * DAY_MS) } : {};
    await app.db
      .update(users)
      .set({ role, emailVerified: verified, ...joined })
      .where(eq(users.id, account.id));
  }
  return account;
}

const passwordHashes = new Map<string, Promise<string>>();

async function signedUp(
  app: FastifyInstance,
  body: ReturnType<typeof registrationBody>,
): Promise<TestAccount> {
  const { password, ...profile } = body;
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  const context = await app.auth.$context;
  const user = await context.internalAdapter.createUser(
    { ...profile, emailVerified: true },
    { method: 'email-password' },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await passwordHashes.get(password),
  });
  const { token } = await context.internalAdapter.createSession(user.id, false);
  const signed = `${token}.${await makeSignature(token, context.secret)}`;
  return {
    id: user.id,
    email: body.email,
    password,
    token,
    cookie: `${context.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`,
    bearer: { authorization: `Bearer ${token}` },
  };
}

async function registered(
  app: FastifyInstance,
  body: ReturnType<typeof registrationBody>,
): Promise<TestAccount> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: body,
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 200) {
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  }
  const { user, token } = response.json();
  const setCookie = [response.headers['set-cookie']]
    .flat()
    .find((c) => c?.includes('session_token'));
  return {
    id: user._id,
    email: body.email,
    password: body.password,
    token,
    cookie: String(setCookie).split(';')[0] ?? '',
    bearer: { authorization: `Bearer ${token}` },
  };
}
