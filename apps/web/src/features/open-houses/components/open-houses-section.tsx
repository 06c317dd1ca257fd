import type { OpenHouse } from '@keyhaven/shared';
import { openHouseTimes } from '@keyhaven/shared/constants';
import { OPEN_HOUSE_MESSAGES } from '@keyhaven/shared/texts';
import { ListEmpty, ListResult } from '@/components/list-states';
import { Button, buttonStyles } from '@/components/ui/button';
import { InlineSpinner } from '@/components/ui/spinner';
import { useBrowserZone } from '@/hooks/use-browser-zone';
import { useSignedInUser } from '@/hooks/use-session';
import { errorMessage } from '@/lib/api-client';
import type { Property } from '@/lib/listing';
import { toast } from '@/lib/toast';
import { openHouseCalendarUrl, useOpenHouses } from '../api/get-open-houses';
import { useRemoveOpenHouse } from '../api/remove-open-house';
import { AddOpenHouseForm } from './add-open-house-form';

function OpenHouseRow({
  openHouse,
  propertyId,
  viewerZone,
  manages,
}: {
  openHouse: OpenHouse;
  propertyId: string;
  viewerZone: string | null;
  manages: boolean;
}) {
  const remove = useRemoveOpenHouse();
  const times = openHouseTimes(openHouse, openHouse.timeZone);
  const yours =
    viewerZone && viewerZone !== openHouse.timeZone ? openHouseTimes(openHouse, viewerZone) : null;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-sand bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-stone-900">{times}</p>
        {yours && <p className="text-sm text-stone-700">{OPEN_HOUSE_MESSAGES.inYourZone(yours)}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <a
          href={openHouseCalendarUrl(propertyId, openHouse.id)}
          download
          aria-label={OPEN_HOUSE_MESSAGES.addToCalendarLabel(times)}
          className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        >
          {OPEN_HOUSE_MESSAGES.addToCalendar}
        </a>
        {manages && (
          <Button
            variant="dangerOutline"
            size="sm"
            aria-label={OPEN_HOUSE_MESSAGES.removeLabel(times)}
            aria-disabled={remove.isPending}
            onClick={() => {
              if (remove.isPending) return;
              remove.mutate(
                { propertyId, openHouseId: openHouse.id },
                {
                  onSuccess: ({ message }) => toast.success(message),
                  onError: (error) =>
                    toast.error(errorMessage(error, OPEN_HOUSE_MESSAGES.notFound)),
                },
              );
            }}
          >
            {remove.isPending && <InlineSpinner />}
            {OPEN_HOUSE_MESSAGES.remove}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * "Open houses" on a listing's page: the upcoming ones on the home's clock (with the zone's
 * abbreviation), and on the viewer's own when it differs, each with Add to calendar; the
 * listing's agent also removes them and adds new ones.
 */
export function OpenHousesSection({ property }: { property: Property }) {
  const user = useSignedInUser();
  const query = useOpenHouses(property._id);
  const viewerZone = useBrowserZone();
  const manages = user.role === 'agent' && user.uid === property.creatorUID;
  // Buyers see the section once there is an open house to show; the agent always, to add one.
  if (!manages && (query.isPending || (query.isSuccess && query.data.items.length === 0))) {
    return null;
  }
  return (
    <section aria-labelledby="open-houses-title" className="mt-10">
      <h2 id="open-houses-title" className="text-2xl font-bold text-stone-900">
        {OPEN_HOUSE_MESSAGES.sectionTitle}
      </h2>
      <div className="mt-4">
        <ListResult
          query={query}
          loading={<InlineSpinner />}
          failure={OPEN_HOUSE_MESSAGES.notFound}
          empty={<ListEmpty>{OPEN_HOUSE_MESSAGES.none}</ListEmpty>}
        >
          {(openHouses) => (
            <ul className="space-y-3">
              {openHouses.map((openHouse) => (
                <OpenHouseRow
                  key={openHouse.id}
                  openHouse={openHouse}
                  propertyId={property._id}
                  viewerZone={viewerZone}
                  manages={manages}
                />
              ))}
            </ul>
          )}
        </ListResult>
      </div>
      {manages && property.soldStatus !== 'true' && query.isSuccess && (
        <AddOpenHouseForm propertyId={property._id} homeZone={query.data.timeZone} />
      )}
    </section>
  );
}
