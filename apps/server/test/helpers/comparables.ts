import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/client.js';
import { properties, sessions, users } from '../../src/db/schema.js';

/* Accounts and homes written straight to the database for the comparables' tests. */

export interface Person {
  id: string;
  bearer: { authorization: string };
}

/** An account and its session, written directly: registering hashes a password, slowly. */
export async function person(
  db: Database,
  role: 'user' | 'agent' | 'admin' | 'fraud',
  name = `${role} ${randomBytes(3).toString('hex')}`,
): Promise<Person & { email: string; name: string }> {
  const id = randomBytes(12).toString('hex');
  const token = randomBytes(24).toString('hex');
  const email = `${role}-${id}@comparables.test`;
  await db.insert(users).values({ id, name, email, role, emailVerified: true });
  await db.insert(sessions).values({
    id: randomBytes(12).toString('hex'),
    token,
    userId: id,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return { id, email, name, bearer: { authorization: `Bearer ${token}` } };
}

export const CENTRE = { lat: 40, lng: -100 };
const MILES_PER_DEGREE = 69.09;
const MONTH_MS = 30.436875 * 24 * 60 * 60 * 1000;

/** A pin `north` and `east` miles from CENTRE. */
export const milesFromCentre = (north: number, east = 0) => ({
  lat: CENTRE.lat + north / MILES_PER_DEGREE,
  lng: CENTRE.lng + east / (MILES_PER_DEGREE * Math.cos((CENTRE.lat * Math.PI) / 180)),
});

export const monthsAgo = (months: number) => new Date(Date.now() - months * MONTH_MS);

export type HomeRow = typeof properties.$inferInsert;

/** An approved 3-bedroom, 2-bathroom, 2,000 sq ft House at CENTRE unless told otherwise. */
export const homeRow = (agentId: string, overrides: Partial<HomeRow> = {}): HomeRow => ({
  title: 'A home',
  description: 'A home to compare with.',
  location: 'Somewhere, Kansas',
  propertyType: 'House',
  minPriceCents: 400_000_00,
  maxPriceCents: 420_000_00,
  bedrooms: 3,
  bathrooms: 2,
  areaSize: 2000,
  ...CENTRE,
  approval: 'approved',
  availability: 'Available',
  agentId,
  ...overrides,
});

/** A home sold `months` ago for `dollars`, `north` miles from CENTRE. */
export const soldRow = (
  agentId: string,
  north: number,
  months: number,
  dollars: number,
  overrides: Partial<HomeRow> = {},
): HomeRow =>
  homeRow(agentId, {
    title: `Sold ${north} mi north`,
    ...milesFromCentre(north),
    availability: 'Sold',
    soldAt: monthsAgo(months),
    soldPriceCents: dollars * 100,
    ...overrides,
  });

export async function insertHomes(db: Database, rows: HomeRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(properties).values(rows).returning({ id: properties.id });
  return inserted.map((row) => row.id);
}
