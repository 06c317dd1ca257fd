import type { OpenHouse, OpenHouseList } from '@keyhaven/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { api } from '@/lib/api-client';
import type { ContractTwin } from '@/lib/contract-twins';
import { openHouseKeys } from './query-keys';

const openHouseTwin = v.object({
  id: v.string(),
  startsAt: v.string(),
  endsAt: v.string(),
  timeZone: v.string(),
  localDate: v.string(),
});
export const ZOpenHouse: ContractTwin<typeof openHouseTwin, OpenHouse> = openHouseTwin;

const openHouseListTwin = v.object({
  timeZone: v.nullable(v.string()),
  openHouses: v.array(ZOpenHouse),
});
const ZOpenHouseList: ContractTwin<typeof openHouseListTwin, OpenHouseList> = openHouseListTwin;

/** A listing's upcoming open houses and the zone its pin gives (null without a pin). */
export const getOpenHouses = (propertyId: string, signal?: AbortSignal) =>
  api(`/api/properties/${encodeURIComponent(propertyId)}/open-houses`, {
    schema: ZOpenHouseList,
    signal,
    signOutOn: [401],
  });

export const openHousesQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: openHouseKeys.ofListing(propertyId),
    queryFn: ({ signal }) => getOpenHouses(propertyId, signal),
  });

/** The open houses as the list kit reads a list (`items`), with the home's zone beside them. */
export function useOpenHouses(propertyId: string) {
  return useQuery({
    ...openHousesQueryOptions(propertyId),
    select: (list) => ({ items: list.openHouses, timeZone: list.timeZone }),
  });
}

/** Where a buyer downloads one open house as a calendar file (a plain link: the file is the answer). */
export const openHouseCalendarUrl = (propertyId: string, openHouseId: string) =>
  `/api/properties/${encodeURIComponent(propertyId)}/open-houses/${encodeURIComponent(openHouseId)}/calendar.ics`;
