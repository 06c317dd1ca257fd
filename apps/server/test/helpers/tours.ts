import type { TourAction } from '@keyhaven/shared';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { createAccount, type TestAccount } from './accounts.js';
import { createListing } from './listings.js';

/** A home in New York: its pin puts its tours on New York's wall clock. */
export const NEW_YORK = { lat: 40.7128, lng: -74.006, location: 'New York, New York' };
export const BOSTON = { lat: 42.3601, lng: -71.0589, location: 'Boston, Massachusetts' };

/** Weekdays 9 to 5, hour-long tours. */
export const OFFICE_HOURS = {
  slotMinutes: 60,
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
  exceptions: [],
};

/** Only Date is faked: no timer of the app's is touched, and the database keeps its own clock. */
export const clockAt = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
};

export const putAvailability = (
  app: FastifyInstance,
  agent: TestAccount,
  listingId: string,
  payload: Record<string, unknown> = OFFICE_HOURS,
) =>
  app.inject({
    method: 'PUT',
    url: `/api/properties/${listingId}/tour-availability`,
    headers: agent.bearer,
    payload,
  });

export const tourSlots = (app: FastifyInstance, who: TestAccount, listingId: string) =>
  app.inject({
    method: 'GET',
    url: `/api/properties/${listingId}/tour-slots`,
    headers: who.bearer,
  });

export const requestTour = (
  app: FastifyInstance,
  buyer: TestAccount,
  listingId: string,
  payload: Record<string, unknown>,
) =>
  app.inject({
    method: 'POST',
    url: `/api/properties/${listingId}/tours`,
    headers: buyer.bearer,
    payload: { kind: 'in-person', ...payload },
  });

/** A tour action's body the route takes. */
export const ACTION_BODIES: Record<TourAction, (slot?: string) => Record<string, unknown>> = {
  confirm: () => ({}),
  propose: (slot) => ({ startsAt: slot }),
  accept: () => ({}),
  decline: () => ({ reason: 'Away that week' }),
  cancel: () => ({ reason: 'Plans changed' }),
  complete: () => ({}),
};

export const tourAction = (
  app: FastifyInstance,
  who: TestAccount,
  tourId: string,
  action: TourAction,
  payload: Record<string, unknown> = ACTION_BODIES[action](),
) =>
  app.inject({
    method: 'PATCH',
    url: `/api/tours/${tourId}/${action}`,
    headers: who.bearer,
    payload,
  });

/** An agent with a New York listing open for tours in office hours, and a buyer. */
export async function tourScene(
  app: FastifyInstance,
  location: Record<string, unknown> = NEW_YORK,
) {
  const agent = await createAccount(app, 'agent');
  const buyer = await createAccount(app);
  const listingId = await createListing(app, agent, location);
  const saved = await putAvailability(app, agent, listingId);
  if (saved.statusCode !== 200) throw new Error(`availability: ${saved.body}`);
  const slots: string[] = (await tourSlots(app, buyer, listingId))
    .json()
    .slots.map((slot: { startsAt: string }) => slot.startsAt);
  return { agent, buyer, listingId, slots };
}

/** A tour the buyer requested at `slot`; answers its id. */
export async function requestedTour(
  app: FastifyInstance,
  buyer: TestAccount,
  listingId: string,
  slot: string,
) {
  const response = await requestTour(app, buyer, listingId, { startsAt: slot });
  if (response.statusCode !== 201) throw new Error(`request: ${response.body}`);
  return response.json().id as string;
}
