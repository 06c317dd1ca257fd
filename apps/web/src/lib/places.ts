import type { PlaceList } from '@keyhaven/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '@/lib/api-client';
import type { ListTwin } from '@/lib/contract-twins';

const placeTwin = v.object({
  name: v.string(),
  region: v.nullable(v.string()),
  country: v.string(),
  label: v.string(),
  lat: v.number(),
  lng: v.number(),
});
const placeListTwin = v.array(placeTwin);
/** `ZPlaceList` in @keyhaven/shared. */
export const ZPlaceList: ListTwin<typeof placeTwin, PlaceList> = placeListTwin;

/** The server takes up to 100 characters of a name. */
const LONGEST_NAME = 100;

/**
 * Whether the text is worth asking about: a city's name starts it. Past a comma the agent is
 * writing the region ("Austin, TX"), which no city's name holds, so nothing is asked.
 */
export const isPlaceQuery = (text: string) => {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length <= LONGEST_NAME && !trimmed.includes(',');
};

export const searchPlaces = (q: string, signal?: AbortSignal) =>
  api('/api/places', { schema: ZPlaceList, query: { q }, signal });

export const placesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['places', q.trim().toLowerCase()] as const,
    queryFn: ({ signal }) => searchPlaces(q.trim(), signal),
    enabled: isPlaceQuery(q),
    // The gazetteer changes only with a release.
    staleTime: Number.POSITIVE_INFINITY,
    // The last suggestions stay on screen while the next ones load.
    placeholderData: keepPreviousData,
  });

/** Cities whose name starts with the text, the largest first. */
export const usePlaceSuggestions = (q: string) => useQuery(placesQueryOptions(q));
