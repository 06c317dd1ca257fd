import type { OpenHouseTime } from '@keyhaven/shared';
import { and, asc, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { openHouses } from '../../db/schema.js';

/**
 * The upcoming open houses of `listingIds`, soonest first, by listing, in one query: what cards
 * and a listing's public answer carry for the badge. A listing has at most a few (the service
 * keeps ten upcoming at most), so cards stay small.
 */
export async function openHouseTimesOf(
  db: Database,
  listingIds: string[],
  now = new Date(),
): Promise<Map<string, OpenHouseTime[]>> {
  const found = new Map<string, OpenHouseTime[]>();
  if (listingIds.length === 0) return found;
  const rows = await db
    .select({
      id: openHouses.id,
      propertyId: openHouses.propertyId,
      startsAt: openHouses.startsAt,
      endsAt: openHouses.endsAt,
      timeZone: openHouses.timeZone,
    })
    .from(openHouses)
    .where(and(inArray(openHouses.propertyId, listingIds), gt(openHouses.endsAt, now)))
    .orderBy(asc(openHouses.startsAt), asc(openHouses.id));
  for (const row of rows) {
    const list = found.get(row.propertyId) ?? [];
    list.push({
      id: row.id,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      timeZone: row.timeZone,
    });
    found.set(row.propertyId, list);
  }
  return found;
}
