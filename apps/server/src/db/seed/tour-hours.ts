import type { TourWeeklyRange } from '@keyhaven/shared';
import { publicPinnedListings, type SeededListing } from './open-houses.js';

/** How many demo listings take tour requests: enough for a visitor of the demo to find one. */
const DEMO_TOUR_LISTINGS = 5;

/** Weekdays 10 am to 6 pm and Saturday 10 am to 2 pm, on the home's clock (0 is Sunday). */
const DEMO_WEEKLY_HOURS: TourWeeklyRange[] = [
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '10:00', end: '18:00' })),
  { weekday: 6, start: '10:00', end: '14:00' },
];

/**
 * Viewing hours for a handful of public demo listings with a map position, so a buyer trying the
 * demo can request a tour at once. Their zone is the pin's (the column stays empty, as when an
 * agent saves hours for a pinned home).
 */
export function demoTourHours(listings: SeededListing[]) {
  return publicPinnedListings(listings, DEMO_TOUR_LISTINGS).map((listing) => ({
    propertyId: listing.id,
    timeZone: null,
    slotMinutes: 30,
    weekly: DEMO_WEEKLY_HOURS,
  }));
}
