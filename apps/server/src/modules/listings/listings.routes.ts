import {
  PROPERTY_MESSAGES,
  ZApprovalParams,
  ZInsertedResponse,
  ZMessageResponse,
  ZProperty,
  ZPropertyAddRequest,
  ZPropertyEditRequest,
  ZPropertyIdParams,
  ZPropertyList,
  ZPropertyListQuery,
} from '@keyhaven/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error.js';
import { BODY_LIMITS } from '../../lib/body-limits.js';
import { errorResponses } from '../../lib/error-responses.js';
import { sendKeptAnswer } from '../../lib/list-page.js';
import {
  cachedPublicListing,
  managedListings,
  OTHER_PROCESSES_NOTE,
} from '../listing-search/index.js';
import { PHOTOS_IN_ANSWERS } from '../listing-views/api-notes.js';
import { personalViews } from '../listing-views/property-view.js';
import {
  listingEditedByAdmin,
  paymentDeadlineChanged,
  reportsClosed,
} from '../notifications/notification-events.js';
import { announceListingDecision } from '../notifications/notifier.js';
import { tourNotices } from '../tours/tour-notices.js';
import { endTours } from '../tours/tours-ended.js';
import {
  assertMayChangeListing,
  createListing,
  deleteListing,
  findListing,
  setApproval,
  updateListing,
} from './listings.service.js';

/** The photo rules of an add or edit request, for the OpenAPI document. */
const PHOTO_RULES =
  '`photos` lists 1 to 30 photos in order, the cover first, each `{url, alt?, caption?}`: `url` is the address of one of our uploads (`/uploads/<key>-<width>.webp`) made by the caller, unowned (the demo pictures) or already on this listing; each upload at most once; the cover needs an `alt` (at most 250 characters), a caption is at most 200. `image`, when sent with `photos`, must be the cover’s `url`. Width, height and placeholder are taken from the upload. Refusals answer 400 naming the field: `photos` (none, or more than 30), `photos.N.url` (not one of our uploads, another account’s upload, or the same upload twice), `photos.0.alt`, `photos.N.alt`, `photos.N.caption`, `image` (not one of our uploads, or not the cover).';

export const listingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/properties',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['properties'],
        summary:
          "An agent's own listings (?agentUID=self, or the agent's own id) or, for admins, everyone's or one agent's (?agentUID=<id>); total in X-Total-Count",
        description: PHOTOS_IN_ANSWERS,
        querystring: ZPropertyListQuery,
        response: { 200: ZPropertyList, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const caller = await request.requireUser();
      const { agentUID, ...filters } = request.query;
      // `self` names the caller, so a client needs no id to ask for its own listings.
      const agentId = agentUID === 'self' ? caller.id : agentUID;
      const ownList = caller.role === 'agent' && agentId === caller.id;
      if (caller.role !== 'admin' && !ownList) throw forbidden();
      const { items, total } = await managedListings(app.db, { ...filters, agentId }, caller);
      reply.header('x-total-count', total);
      return items;
    },
  );

  app.get(
    '/api/properties/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['properties'],
        summary: 'One listing (pending or rejected ones only for their agent and admins)',
        description:
          `A public listing (approved, its agent in good standing) is read once for every viewer and kept in a per-process cache that lives SEARCH_CACHE_SECONDS and forgets it, before the change's answer is sent, when it changes or a change may touch any listing (an agent's role, say): other listings' changes leave it; the parties to its sale (its agent, its buyer, admins) get the sale's details added. Its answer over 1 KB is compressed once per coding \`Accept-Encoding\` allows (Brotli where taken, else zstd, else gzip) and the copy kept with it. Any other listing is read for each request and shown only to its agent and admins. ${OTHER_PROCESSES_NOTE} ` +
          PHOTOS_IN_ANSWERS,
        params: ZPropertyIdParams,
        response: { 200: ZProperty, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser();
      const { id } = request.params;
      const shared = await cachedPublicListing(app, id);
      if (!shared) return findListing(app.db, id, viewer);
      const [own] = personalViews(shared, viewer) ?? [];
      if (own) return own;
      // Already serialised and encoded, and compressed once per coding.
      return sendKeptAnswer(request, reply as FastifyReply, shared, (bytes) =>
        app.listingCache.listings.grew(id, bytes),
      );
    },
  );

  app.post(
    '/api/properties',
    {
      bodyLimit: BODY_LIMITS.listing,
      config: { access: ['agent'], changesListings: true },
      schema: {
        tags: ['properties'],
        summary: 'List a home (agents), with its photos; it waits for admin approval',
        description: `A new listing needs at least one photo: \`photos\`, or \`image\` alone (one of our uploads, which becomes the only photo, described from the title); neither answers 400 \`photos\`. ${PHOTO_RULES}`,
        body: ZPropertyAddRequest,
        response: { 200: ZInsertedResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const agent = await request.requireRole('agent');
      return { insertedId: await createListing(app.db, agent, request.body) };
    },
  );

  app.patch(
    '/api/properties/:id',
    {
      bodyLimit: BODY_LIMITS.listing,
      config: { access: ['agent', 'admin'], changesListings: { listingParam: 'id' } },
      // Who may edit is settled before the body is validated: another agent's malformed edit is
      // refused as not theirs, not corrected as a form.
      preValidation: async (request) => {
        const { id } = request.params as { id?: string };
        if (!id || !z.uuid().safeParse(id).success) return;
        await assertMayChangeListing(app.db, await request.requireUser(), id);
      },
      schema: {
        tags: ['properties'],
        summary:
          "Edit a listing (its agent or an admin; checked before the body); an agent's change to anything but availability sends an approved or rejected listing back for review, and buyers see the last approved version meanwhile (refused with 409 while an offer on it is accepted, so a sale in progress is never stalled); an admin's edit of an agent's listing is live at once, audited with what it changed, and its agent is notified",
        description: `Without \`photos\` the listing keeps its photos; \`image\` alone makes that upload the cover (moved first if the listing shows it, else in place of the cover), and \`image\` null or empty on a listing with photos answers 400 \`image\` (a listing needs at least one photo). \`photos\` replaces them all. Any change of the photos (which, their order, descriptions, captions) is a change of content: an agent's approved listing goes back to review and buyers keep its approved photos meanwhile. ${PHOTO_RULES}`,
        params: ZPropertyIdParams,
        body: ZPropertyEditRequest,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await request.requireRole('agent', 'admin');
      // An admin's edit of an agent's listing is live at once: its agent is told.
      await app.notifications.changeAndTell(
        (tx) => updateListing(tx, caller, request.params.id, request.body),
        (tx, { editedByAdmin }) =>
          editedByAdmin ? listingEditedByAdmin(tx, request.params.id, new Date()) : [],
      );
      return { message: PROPERTY_MESSAGES.updated };
    },
  );

  app.delete(
    '/api/properties/:id',
    {
      config: { access: ['agent', 'admin'], changesListings: { listingParam: 'id' } },
      schema: {
        tags: ['properties'],
        summary:
          'Delete a listing (its agent or an admin); refused while an offer is accepted or paid',
        params: ZPropertyIdParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const caller = await request.requireRole('agent', 'admin');
      await app.notifications.changeAndTell(
        async (tx) => {
          // Its tours end first, while they still name it; they stay, cancelled, for both sides.
          const endedTours = await endTours(tx, { propertyId: request.params.id }, 'withdrawn');
          return { ...(await deleteListing(tx, caller, request.params.id)), endedTours };
        },
        async (tx, { closedReports, endedTours }) => [
          ...reportsClosed(closedReports, {
            decision: 'remove_listing',
            propertyId: request.params.id,
          }),
          ...(await tourNotices(tx, endedTours, app.config)),
        ],
      );
      return { message: PROPERTY_MESSAGES.deleted };
    },
  );

  app.patch(
    '/api/properties/admin-approval/:id/:decision',
    {
      config: { access: ['admin'], changesListings: { listingParam: 'id' } },
      schema: {
        tags: ['properties'],
        summary: 'Approve (true) or reject (false) a listing (admins)',
        params: ZApprovalParams,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await request.requireRole('admin');
      const approve = request.params.decision === 'true';
      await app.notifications.changeAndTell(
        (tx) => setApproval(tx, admin, request.params.id, approve),
        async (tx, { changed, deadline }) => [
          ...(changed ? await announceListingDecision(app, tx, request.params.id, approve) : []),
          ...(await paymentDeadlineChanged(tx, deadline)),
        ],
      );
      return { message: approve ? 'Property approved.' : 'Property rejected.' };
    },
  );
};
