import type { ListingHistoryEntry } from '@keyhaven/shared';
import { LISTING_HISTORY_MESSAGES, priceChangeText, soldText } from '@keyhaven/shared/texts';
import { TableRegion, Td, Th } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import type { Property } from '@/lib/listing';
import { priceRangeText } from '@/lib/listing-format';

/** What happened, in a buyer's words: `Price reduced by $15,000`, `Sold for $265,000`. */
function eventText(entry: ListingHistoryEntry): string {
  switch (entry.kind) {
    case 'listed':
      return LISTING_HISTORY_MESSAGES.listed;
    case 'price_changed':
      return entry.previousPrice && entry.price
        ? priceChangeText(entry.previousPrice, entry.price)
        : LISTING_HISTORY_MESSAGES.listed;
    case 'under_offer':
      return LISTING_HISTORY_MESSAGES.underOffer;
    case 'back_on_market':
      return LISTING_HISTORY_MESSAGES.backOnMarket;
    default:
      return soldText(entry.salePrice);
  }
}

/** The price the event left the home at: its range, what it sold for, or nothing. */
function priceText(entry: ListingHistoryEntry): string {
  if (entry.price) return priceRangeText(entry.price.min, entry.price.max);
  if (entry.kind === 'sold' && entry.salePrice !== null)
    return priceRangeText(entry.salePrice, entry.salePrice);
  return '';
}

/**
 * "Price and status history" on a listing's page: when it was listed, each price change, under
 * offer, back on the market and sold, newest first. Public listings carry it; a listing buyers
 * have not seen approved has none, and the section is not shown.
 */
export function PriceHistorySection({ property }: { property: Property }) {
  const history = property.history;
  if (!history) return null;
  return (
    // The table's own region carries the name: one landmark, not two of the same name.
    <div className="mt-10">
      <h2 className="text-2xl font-bold text-stone-900">{LISTING_HISTORY_MESSAGES.sectionTitle}</h2>
      {history.length === 0 ? (
        <p className="mt-4 text-stone-700">{LISTING_HISTORY_MESSAGES.none}</p>
      ) : (
        <TableRegion label={LISTING_HISTORY_MESSAGES.sectionTitle} className="mt-4" fit>
          <thead>
            <tr>
              <Th>{LISTING_HISTORY_MESSAGES.dateColumn}</Th>
              <Th>{LISTING_HISTORY_MESSAGES.eventColumn}</Th>
              <Th>{LISTING_HISTORY_MESSAGES.priceColumn}</Th>
            </tr>
          </thead>
          <tbody>
            {history.map((entry, index) => (
              // A listing's events never change once written: their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id of their own.
              <tr key={`${entry.at}-${index}`}>
                <Td>
                  <time dateTime={entry.at}>{formatDate(entry.at)}</time>
                </Td>
                <Td className="font-medium text-stone-900">{eventText(entry)}</Td>
                <Td>{priceText(entry)}</Td>
              </tr>
            ))}
          </tbody>
        </TableRegion>
      )}
    </div>
  );
}
