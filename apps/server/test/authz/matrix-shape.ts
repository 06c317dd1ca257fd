import type { InjectOptions } from 'fastify';
import type { World } from '../security/support/world.js';

/*
 * The shape of the authorization matrix's rows, apart from the rows themselves, so every file of
 * rows (matrix.ts and the matrix-*.ts it gathers) can use it without importing matrix.ts back.
 */

export type Statuses = readonly [number, number, number, number, number, number, number];

export interface MatrixCase {
  /** What is sent, in words, for failure messages. */
  input: string;
  request: (world: World) => InjectOptions;
  expect: Statuses;
}

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  cases: MatrixCase[];
  /** Only registered when Stripe is configured (the demo checkout routes are the opposite). */
  app?: 'demo' | 'stripe';
}

export const all = (status: number): Statuses => [
  status,
  status,
  status,
  status,
  status,
  status,
  status,
];
export const signedIn = (status: number): Statuses => [
  401,
  status,
  status,
  status,
  status,
  status,
  status,
];

/**
 * A case every actor sends with the session of the buyer whose e-mail address nobody confirmed
 * (`accounts.unconfirmed`): what needs a confirmed address is refused whoever holds that session.
 */
export const asUnconfirmed = (
  input: string,
  request: MatrixCase['request'],
  expect: Statuses = all(403),
): MatrixCase => ({
  input: `${input}, as the account whose address is not confirmed`,
  request: (world) => {
    const options = request(world);
    return {
      ...options,
      headers: { ...(options.headers ?? {}), ...world.accounts.unconfirmed.bearer },
    };
  },
  expect,
});
