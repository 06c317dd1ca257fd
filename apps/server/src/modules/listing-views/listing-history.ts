import {
  type ListingHistoryEntry,
  type Property,
  PUBLIC_LISTING_EVENT_KINDS,
  priceMove,
  toDollars,
} from '@keyhaven/shared';
import { and, desc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { listingEvents } from '../../db/schema.js';

/** The most of a listing's history its page shows: years of weekly price changes. */
const HISTORY_LIMIT = 60;

const range = (min: number | null, max: number | null) =>
  min === null || max === null ? null : { min: toDollars(min), max: toDollars(max) };

/**
 * The price and status history buyers read of `listingIds` (listed, price changes, under offer,
 * back on the market, sold), newest first, by listing, in one query.
 */
export async function publicHistoryOf(
  db: Database,
  listingIds: string[],
): Promise<Map<string, ListingHistoryEntry[]>> {
  const found = new Map<string, ListingHistoryEntry[]>();
  if (listingIds.length === 0) return found;
  const rows = await db
    .select()
    .from(listingEvents)
    .where(
      and(
        inArray(listingEvents.propertyId, listingIds),
        inArray(listingEvents.kind, [...PUBLIC_LISTING_EVENT_KINDS]),
      ),
    )
    .orderBy(desc(listingEvents.id));
  for (const row of rows) {
    const history = found.get(row.propertyId) ?? [];
    if (history.length >= HISTORY_LIMIT) continue;
    history.push({
      kind: row.kind as ListingHistoryEntry['kind'],
      at: row.occurredAt.toISOString(),
      price: range(row.minPriceCents, row.maxPriceCents),
      previousPrice: range(row.previousMinPriceCents, row.previousMaxPriceCents),
      salePrice: row.salePriceCents === null ? null : toDollars(row.salePriceCents),
    });
    found.set(row.propertyId, history);
  }
  return found;
}

/**
 * A listing's history on its answer, with what its card's badges need: when it was first
 * listed, and its last price change when that was a cut.
 */
export function withHistory(view: Property, history: ListingHistoryEntry[]): Property {
  const listed = history.find((entry) => entry.kind === 'listed');
  const lastChange = history.find((entry) => entry.kind === 'price_changed');
  const move =
    lastChange?.price && lastChange.previousPrice
      ? priceMove(lastChange.previousPrice, lastChange.price)
      : null;
  view.history = history;
  view.listedAt = listed?.at ?? null;
  view.priceCut =
    lastChange && move?.direction === 'cut' && move.amount > 0
      ? { amount: move.amount, at: lastChange.at }
      : null;
  return view;
}
