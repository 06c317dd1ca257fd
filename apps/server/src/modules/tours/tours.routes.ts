import {
  TOUR_LIMITS,
  ZPropertyIdParams,
  ZTour,
  ZTourAvailability,
  ZTourAvailabilityRequest,
  ZTourCancelRequest,
  ZTourDeclineRequest,
  ZTourIdParams,
  ZTourList,
  ZTourListQuery,
  ZTourProposeRequest,
  ZTourRequest,
  ZTourSlotsResponse,
} from '@keyhaven/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Transaction } from '../../db/client.js';
import { perAccount } from '../../lib/account-rate-limit.js';
import { errorResponses } from '../../lib/error-responses.js';
import type { SessionUser } from '../auth/session-user.js';
import { getAvailability, listSlots, saveAvailability } from './tour-availability.js';
import { type TourChange, tourCalendarFor, tourNotices } from './tour-notices.js';
import {
  scheduleTourTimers,
  TOUR_TIMER_QUEUE,
  type TourTimer,
  tourTimerHandler,
} from './tour-timers.js';
import { listTours, tourFor } from './tour-view.js';
import {
  acceptTour,
  cancelTour,
  completeTour,
  confirmTour,
  declineTour,
  proposeTour,
  requestTour,
} from './tours.service.js';

const SLOT_VISIBILITY =
  'Its agent and admins always; everyone else while the listing is approved and its agent not marked as fraud (else 404). A sold home offers no slots.';
const REFUSALS =
  'Someone else’s tour: 404. A state or time that does not allow it: 409, saying what the tour is now.';

/**
 * Makes a tour's change, queues the jobs of its new state and the notices to the other side on
 * the same transaction, then reads the tour as the caller sees it.
 */
async function changeTour(
  app: FastifyInstance,
  caller: SessionUser,
  change: (tx: Transaction) => Promise<TourChange>,
) {
  const site = app.config;
  const made = await app.notifications.changeAndTell(
    async (tx) => {
      const outcome = await change(tx);
      await scheduleTourTimers(app.jobs, tx, outcome.tourId, new Date());
      return outcome;
    },
    (tx, outcome) => tourNotices(tx, [outcome], site),
  );
  return tourFor(app.db, caller, made.tourId);
}

export const toursRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.handle<TourTimer>(TOUR_TIMER_QUEUE, tourTimerHandler(app));

  app.get(
    '/api/properties/:id/tour-availability',
    {
      config: { access: ['agent', 'admin'] },
      schema: {
        tags: ['tours'],
        summary:
          'A listing’s viewing availability: weekly hours on the home’s wall clock, tour length, days off (its agent, admins)',
        params: ZPropertyIdParams,
        response: { 200: ZTourAvailability, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await request.requireUser();
      return getAvailability(app.db, viewer, request.params.id);
    },
  );

  app.put(
    '/api/properties/:id/tour-availability',
    {
      config: { access: ['agent'], leavesAccounts: true },
      schema: {
        tags: ['tours'],
        summary: `Set the viewing availability of the agent’s own listing: at most ${TOUR_LIMITS.maxWeeklyRanges} weekly hours (not overlapping on a day), a tour length of 30, 45, 60, 90 or 120 minutes, at most ${TOUR_LIMITS.maxExceptions} days off; \`timeZone\` only for a listing without a map position`,
        params: ZPropertyIdParams,
        body: ZTourAvailabilityRequest,
        response: { 200: ZTourAvailability, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const agent = await request.requireUser();
      return saveAvailability(app.db, agent.id, request.params.id, request.body);
    },
  );

  app.get(
    '/api/properties/:id/tour-slots',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['tours'],
        summary: `A listing’s free tour slots over the next ${TOUR_LIMITS.daysAhead} days, soonest first, in the home’s time zone: in its weekly hours, not on a day off, not overlapping any tour its agent has`,
        description: SLOT_VISIBILITY,
        params: ZPropertyIdParams,
        response: { 200: ZTourSlotsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = await request.requireUser();
      return listSlots(app.db, viewer, request.params.id);
    },
  );

  app.post(
    '/api/properties/:id/tours',
    {
      config: { access: ['user'], rateLimit: perAccount(app, 'tour'), leavesAccounts: true },
      schema: {
        tags: ['tours'],
        summary: `Request a tour of a listing at one of its free slots (buyers with a confirmed e-mail address; ${TOUR_LIMITS.requestsPerHour} an hour): pending until the agent answers`,
        description:
          'Refused with 409: a listing under review, rejected, sold or of an agent marked as fraud; a time that is not a free slot; a second open request for the listing; a time overlapping another tour of the buyer.',
        params: ZPropertyIdParams,
        body: ZTourRequest,
        response: { 201: ZTour, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const buyer = await request.requireUser();
      const tour = await changeTour(app, buyer, (tx) =>
        requestTour(tx, buyer, request.params.id, request.body),
      );
      return reply.code(201).send(tour);
    },
  );

  app.get(
    '/api/tours',
    {
      config: { access: ['user', 'agent'] },
      schema: {
        tags: ['tours'],
        summary:
          'The caller’s tours: a buyer’s own, an agent’s of their listings. `upcoming`: still holding a time that has not ended, soonest first; `past`: the rest, latest first',
        querystring: ZTourListQuery,
        response: { 200: ZTourList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const viewer = await request.requireUser();
      return listTours(app.db, viewer, request.query);
    },
  );

  app.get(
    '/api/tours/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['tours'],
        summary: 'One tour, with what the caller may do next (its buyer, its agent, admins)',
        params: ZTourIdParams,
        response: { 200: ZTour, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const viewer = await request.requireUser();
      return tourFor(app.db, viewer, request.params.id);
    },
  );

  app.patch(
    '/api/tours/:id/confirm',
    {
      config: { access: ['agent'], rateLimit: perAccount(app, 'tourChange'), leavesAccounts: true },
      schema: {
        tags: ['tours'],
        summary:
          'Confirm a pending tour request before its time (its agent); the buyer gets the invitation',
        description: REFUSALS,
        params: ZTourIdParams,
        response: { 200: ZTour, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const agent = await request.requireUser();
      return changeTour(app, agent, (tx) => confirmTour(tx, agent, request.params.id));
    },
  );

  app.patch(
    '/api/tours/:id/propose',
    {
      config: { access: ['agent'], rateLimit: perAccount(app, 'tourChange'), leavesAccounts: true },
      schema: {
        tags: ['tours'],
        summary:
          'Propose another free slot for a pending tour, or a confirmed one before it starts (its agent); the buyer accepts it',
        description: REFUSALS,
        params: ZTourIdParams,
        body: ZTourProposeRequest,
        response: { 200: ZTour, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const agent = await request.requireUser();
      return changeTour(app, agent, (tx) =>
        proposeTour(tx, agent, request.params.id, request.body.startsAt),
      );
    },
  );

  app.patch(
    '/api/tours/:id/accept',
    {
      config: { access: ['user'], rateLimit: perAccount(app, 'tourChange'), leavesAccounts: true },
      schema: {
        tags: ['tours'],
        summary: 'Accept the time the agent proposed (its buyer): the tour is confirmed at it',
        description: REFUSALS,
        params: ZTourIdParams,
        response: { 200: ZTour, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const buyer = await request.requireUser();
      return changeTour(app, buyer, (tx) => acceptTour(tx, buyer, request.params.id));
    },
  );

  app.patch(
    '/api/tours/:id/decline',
    {
      config: { access: ['agent'], rateLimit: perAccount(app, 'tourChange'), leavesAccounts: true },
      schema: {
        tags: ['tours'],
        summary:
          'Decline a pending request, or withdraw a proposed time (its agent), with an optional reason',
        description: REFUSALS,
        params: ZTourIdParams,
        body: ZTourDeclineRequest,
        response: { 200: ZTour, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const agent = await request.requireUser();
      return changeTour(app, agent, (tx) =>
        declineTour(tx, agent, request.params.id, request.body.reason),
      );
    },
  );

  app.patch(
    '/api/tours/:id/cancel',
    {
      config: {
        access: ['user', 'agent'],
        rateLimit: perAccount(app, 'tourChange'),
        leavesAccounts: true,
      },
      schema: {
        tags: ['tours'],
        summary:
          'Cancel a pending, confirmed or rescheduled tour before its time, with a reason (its buyer or its agent)',
        description: REFUSALS,
        params: ZTourIdParams,
        body: ZTourCancelRequest,
        response: { 200: ZTour, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      return changeTour(app, caller, (tx) =>
        cancelTour(tx, caller, request.params.id, request.body.reason),
      );
    },
  );

  app.patch(
    '/api/tours/:id/complete',
    {
      config: { access: ['agent'], rateLimit: perAccount(app, 'tourChange'), leavesAccounts: true },
      schema: {
        tags: ['tours'],
        summary: `Mark a confirmed tour as completed once it has started (its agent); unmarked, it completes ${TOUR_LIMITS.autoCompleteHours} hours after it ends`,
        description: REFUSALS,
        params: ZTourIdParams,
        response: { 200: ZTour, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const agent = await request.requireUser();
      return changeTour(app, agent, (tx) => completeTour(tx, agent, request.params.id));
    },
  );

  app.get(
    '/api/tours/:id/calendar.ics',
    {
      config: { access: ['user', 'agent'] },
      schema: {
        tags: ['tours'],
        summary:
          'The tour’s current invitation as an iCalendar file (its buyer or agent): METHOD:REQUEST while it is on or proposed, METHOD:CANCEL once off; one UID across every update, SEQUENCE growing',
        params: ZTourIdParams,
        produces: ['text/calendar'],
        response: { 200: z.string(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser();
      const file = await tourCalendarFor(app.db, viewer, request.params.id, app.config);
      // Sent as bytes, as the file is: the schema documents it as text, unserialised.
      return reply
        .type(`text/calendar; charset=utf-8; method=${file.method}`)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(Buffer.from(file.content) as unknown as string);
    },
  );
};
