import { nextOpenHouse, type OpenHouseTime, openHouseBadge } from '@keyhaven/shared/constants';
import { Badge } from '@/components/ui/badge';

/**
 * "Open Sat 1–3 pm": the listing's next open house on the home's own clock, on cards and map
 * popups. One that has ended since the card was sent is skipped here, without asking the server.
 */
export function OpenHouseBadge({
  openHouses,
  className,
}: {
  openHouses: readonly OpenHouseTime[] | undefined;
  className?: string;
}) {
  const now = new Date();
  const next = nextOpenHouse(openHouses, now);
  if (!next) return null;
  return (
    <Badge tone="teal" className={className}>
      {openHouseBadge(next, now)}
    </Badge>
  );
}
