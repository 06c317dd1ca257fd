import {
  OFFER_MESSAGES,
  ZMessageResponse,
  ZPropertyIdParams,
  ZPropertyList,
  ZUidBody,
  ZUserIdParams,
  ZWishlistRequest,
} from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error.js';
import { assertClaimsCaller } from '../../lib/claimed-user.js';
import { errorResponses } from '../../lib/error-responses.js';
import { saveHome, unsaveHome } from '../shopping-together/shared-saves.js';
import { wishlistOf } from './wishlist.service.js';

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/properties/:id/wishlist',
    {
      config: { access: ['user'], leavesAccounts: true },
      schema: {
        tags: ['wishlist'],
        summary: 'Save a listing to the caller’s wishlist (buyers)',
        params: ZPropertyIdParams,
        body: ZWishlistRequest,
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const buyer = await request.requireUser();
      assertClaimsCaller(buyer, request.body.wishlistUser);
      await saveHome(app, buyer.id, request.params.id);
      return { message: OFFER_MESSAGES.wishlistAdded };
    },
  );

  app.get(
    '/wishlist-properties/:uid',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['wishlist'],
        summary: 'The caller’s saved listings (self only)',
        params: ZUserIdParams,
        response: { 200: ZPropertyList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      if (request.params.uid !== caller.id) throw forbidden();
      return wishlistOf(app.db, caller.id);
    },
  );

  app.patch(
    '/wishlist-properties/:id/remove',
    {
      config: { access: 'signed-in', leavesAccounts: true },
      schema: {
        tags: ['wishlist'],
        summary: 'Remove a listing from the caller’s wishlist',
        params: ZPropertyIdParams,
        body: ZUidBody.nullish(),
        response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      assertClaimsCaller(caller, request.body ?? undefined);
      await unsaveHome(app, caller.id, request.params.id);
      return { message: OFFER_MESSAGES.removed };
    },
  );
};
