import type { TourAction } from '@keyhaven/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tourKeys } from './query-keys';
import { ZTour } from './twins';

/** What each change sends: a new time to propose, a reason to cancel or decline, else nothing. */
export type TourChange =
  | { action: 'confirm' | 'accept' | 'complete' }
  | { action: 'propose'; startsAt: string }
  | { action: 'decline'; reason?: string }
  | { action: 'cancel'; reason: string };

/*
 * `PATCH /api/tours/:id/{confirm|propose|accept|decline|cancel|complete}`: one route per step,
 * each answering the tour as it now is (with the actions now open). A 409 says the tour moved on
 * meanwhile (the other side cancelled); only a 401 signs the visitor out.
 */
export const changeTour = ({ tourId, change }: { tourId: string; change: TourChange }) => {
  const { action, ...body } = change;
  return api(`/api/tours/${encodeURIComponent(tourId)}/${action satisfies TourAction}`, {
    method: 'PATCH',
    body,
    schema: ZTour,
    signOutOn: [401],
  });
};

export function useChangeTour() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeTour,
    // Lists regroup (a request answered leaves "waiting"), and freed or taken times follow.
    // Not awaited: the change is done when the server answers, and its button (whose card may move
    // to another list as the lists are read again) still says so and closes its dialog.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: tourKeys.all });
    },
  });
}
