import type { TOUR_LIST_SCOPES } from '@keyhaven/shared';
import { LIMITS } from '@keyhaven/shared/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tourKeys } from './query-keys';
import { ZTourList } from './twins';

export type TourScope = (typeof TOUR_LIST_SCOPES)[number];

/** The reader's tours: a buyer's own, or those of an agent's listings. */
export const getTours = (
  { scope, page, limit }: { scope: TourScope; page: number; limit: number },
  signal?: AbortSignal,
) =>
  api('/api/tours', {
    query: { scope, page, limit },
    schema: ZTourList,
    signal,
    signOutOn: [401],
  });

export const toursQueryOptions = (scope: TourScope, page = 1, limit: number = LIMITS.maxPageSize) =>
  queryOptions({
    queryKey: tourKeys.list(scope, page, limit),
    queryFn: ({ signal }) => getTours({ scope, page, limit }, signal),
  });

/**
 * The buyer's upcoming tours as a listing's "Request a tour" panel reads them; the server loads
 * this very query with the listing's page, so the panel asks for nothing once the page runs.
 */
export const listingPanelToursQueryOptions = () => toursQueryOptions('upcoming');

export const useTours = (scope: TourScope, page = 1, limit: number = LIMITS.maxPageSize) =>
  useQuery({ ...toursQueryOptions(scope, page, limit), placeholderData: keepPreviousData });

/** Where either side downloads a tour's current invitation (a plain link: the file is the answer). */
export const tourCalendarUrl = (tourId: string) =>
  `/api/tours/${encodeURIComponent(tourId)}/calendar.ics`;
