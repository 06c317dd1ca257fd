import { z } from 'zod';

export const ZPlacesQuery = z.object({
  /** The start of a place's name; letters in any case, accents optional. */
  q: z.string().trim().min(1, 'Type the start of a place name').max(100),
});

/** A city from the gazetteer, as the address field suggests it. */
export const ZPlace = z
  .object({
    name: z.string(),
    /** The state or region, where the gazetteer names it. */
    region: z.string().nullable(),
    /** ISO 3166-1 alpha-2. */
    country: z.string(),
    /** How a listing's location reads: "Austin, Texas", "Lyon, France". */
    label: z.string(),
    lat: z.number(),
    lng: z.number(),
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof ZPlace>;

export const ZPlaceList = z.array(ZPlace).meta({ id: 'PlaceList' });
export type PlaceList = z.infer<typeof ZPlaceList>;
