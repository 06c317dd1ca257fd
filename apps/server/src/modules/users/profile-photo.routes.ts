import { ZProfilePhotoRequest, ZUser } from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.js';
import { toUserView } from '../auth/user-view.js';
import { requireOwnPhoto } from '../uploads/upload-references.js';
import { setOwnPhoto } from './profile-photo.service.js';

export const profilePhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/profile/photo',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: "Set or remove the caller's own profile photo",
        description: [
          'The photo is the `url` of one of the caller’s own uploads (`POST /api/uploads?purpose=avatar`),',
          'or the photo they already show; anyone else’s upload is refused (400). `null` or an',
          'empty string removes it. Registration sends the photo this way once the account exists,',
          'since uploading needs a signed-in user. The previous photo is removed a day later.',
        ].join('\n'),
        body: ZProfilePhotoRequest,
        response: { 200: ZUser, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      const { photo } = request.body;
      await requireOwnPhoto(app.db, { url: photo, ownerId: caller.id, current: caller.image });
      return toUserView(await setOwnPhoto(app.db, caller, photo ?? null));
    },
  );
};
