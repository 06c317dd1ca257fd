import { z } from 'zod';
import { OPEN_HOUSE_MESSAGES } from './open-house-messages.js';

/** One open house, as buyers and the agent read it: instants, the home's zone and local date. */
export const ZOpenHouse = z
  .object({
    id: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    /** The IANA zone of the home, the wall clock the agent entered the times on. */
    timeZone: z.string(),
    /** The date where the home is, `YYYY-MM-DD`. */
    localDate: z.string(),
  })
  .meta({ id: 'OpenHouse' });
export type OpenHouse = z.infer<typeof ZOpenHouse>;

/** The upcoming open houses of a listing, and the zone its pin gives (null: no map position). */
export const ZOpenHouseList = z
  .object({
    timeZone: z.string().nullable(),
    openHouses: z.array(ZOpenHouse),
  })
  .meta({ id: 'OpenHouseList' });
export type OpenHouseList = z.infer<typeof ZOpenHouseList>;

/** An open house's times on a card: what the badge needs, no more. */
export const ZOpenHouseTime = ZOpenHouse.omit({ localDate: true }).meta({ id: 'OpenHouseTime' });

const clockTime = z
  .string({ error: OPEN_HOUSE_MESSAGES.timeRequired })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, OPEN_HOUSE_MESSAGES.timeRequired);

/**
 * A new open house on the home's wall clock. `timeZone` is read only for a listing without a map
 * position (its pin decides otherwise).
 */
export const ZAddOpenHouseRequest = z.object({
  date: z
    .string({ error: OPEN_HOUSE_MESSAGES.dateRequired })
    .regex(/^\d{4}-\d{2}-\d{2}$/, OPEN_HOUSE_MESSAGES.dateRequired)
    .refine(
      (date) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)),
      OPEN_HOUSE_MESSAGES.dateRequired,
    ),
  start: clockTime,
  end: clockTime,
  timeZone: z
    .string()
    .trim()
    .max(64, OPEN_HOUSE_MESSAGES.unknownTimeZone)
    .optional()
    .transform((zone) => zone || undefined),
});
export type AddOpenHouseRequest = z.input<typeof ZAddOpenHouseRequest>;

export const ZOpenHouseParams = z.object({
  id: z.uuid({ error: OPEN_HOUSE_MESSAGES.notFound }),
  openHouseId: z.uuid({ error: OPEN_HOUSE_MESSAGES.notFound }),
});
