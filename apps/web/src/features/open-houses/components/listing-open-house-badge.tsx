import { useQuery } from '@tanstack/react-query';
import { OpenHouseBadge } from '@/components/listing/open-house-badge';
import { openHousesQueryOptions } from '../api/get-open-houses';

/**
 * The badge of a listing whose card the page does not hold (a map popup of a home on another
 * page): its open houses are asked for when the popup opens, so the map's pins stay as small as
 * they are. Nothing shows while they come, or when the listing has none.
 */
export function ListingOpenHouseBadge({
  propertyId,
  className,
}: {
  propertyId: string;
  className?: string;
}) {
  const { data } = useQuery(openHousesQueryOptions(propertyId));
  return <OpenHouseBadge openHouses={data?.openHouses} className={className} />;
}
