import {
  addDays,
  instantOf,
  localDateOf,
  thisWeekend,
  zoneOfPin,
} from '../../lib/listing-time-zone.js';

/** How many demo listings hold open houses: enough for the badge and the weekend filter to show. */
const DEMO_OPEN_HOUSE_LISTINGS = 5;

export interface SeededListing {
  id: string;
  lat: number | null;
  lng: number | null;
  approval: string;
  availability: string;
}

/** The first `count` demo listings buyers see that have a map position (so a zone of their own). */
export const publicPinnedListings = (listings: SeededListing[], count: number) =>
  listings
    .filter((listing) => listing.approval === 'approved' && listing.availability === 'Available')
    .filter((listing) => listing.lat !== null && listing.lng !== null)
    .slice(0, count);

/**
 * Open houses for a handful of public demo listings, relative to when the demo is seeded: this
 * weekend's Saturday afternoon or Sunday late morning on each home's own clock, or the next
 * weekend's when this one's has passed, so the badge and "Open house this weekend" show at once.
 */
export function demoOpenHouses(listings: SeededListing[], now: Date) {
  const open = publicPinnedListings(listings, DEMO_OPEN_HOUSE_LISTINGS);
  const { saturday } = thisWeekend(now);
  return open.flatMap((listing, i) => {
    const zone = zoneOfPin(listing.lat as number, listing.lng as number);
    const [start, end] = i % 2 === 0 ? ['13:00', '15:00'] : ['11:00', '13:00'];
    const day = i % 2 === 0 ? saturday : addDays(saturday, 1);
    for (const date of [day, addDays(day, 7)]) {
      const startsAt = instantOf(date, start, zone);
      const endsAt = instantOf(date, end, zone);
      if (startsAt && endsAt && startsAt > now) {
        return [
          {
            propertyId: listing.id,
            startsAt,
            endsAt,
            timeZone: zone,
            localDate: localDateOf(startsAt, zone),
          },
        ];
      }
    }
    return [];
  });
}
