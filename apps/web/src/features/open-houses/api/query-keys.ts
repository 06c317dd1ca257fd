/** A listing's open houses in the query cache. */
export const openHouseKeys = {
  all: ['open-houses'] as const,
  ofListing: (propertyId: string) => [...openHouseKeys.all, propertyId] as const,
};
