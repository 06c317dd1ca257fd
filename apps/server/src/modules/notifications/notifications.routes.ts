import {
  ZNotificationSettings,
  ZNotificationSettingsRequest,
  ZNotificationsPage,
  ZNotificationsQuery,
  ZUnreadCount,
} from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perAccount } from '../../lib/account-rate-limit.js';
import { errorResponses } from '../../lib/error-responses.js';
import { createUnreadStreams } from './notification-stream.js';
import {
  markAllRead,
  markRead,
  notificationsPage,
  settingsOf,
  unreadCount,
  updateSettings,
} from './notifications.service.js';

const ZNotificationIdParams = z.object({ id: z.uuid() });

/** EventSource always asks for this; any other client is told what the address answers. */
const ZEventStreamHeaders = z.object({
  accept: z
    .string({ message: 'This address answers an event stream: send Accept: text/event-stream' })
    .regex(
      /text\/event-stream/,
      'This address answers an event stream: send Accept: text/event-stream',
    ),
});

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = createUnreadStreams(app);
  /** Another open page of the same person shows the new count at once. */
  const countChanged = (userId: string) =>
    app.live
      .publish(userId, { type: 'notifications' })
      .catch((error) => app.log.warn({ err: error, userId }, 'live update not published'));

  app.get(
    '/api/notifications',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first, with how many there are and are unread",
        querystring: ZNotificationsQuery,
        response: { 200: ZNotificationsPage, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      return notificationsPage(app.db, caller.id, request.query.page, request.query.limit);
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary: "How many of the caller's notifications are unread",
        response: { 200: ZUnreadCount, ...errorResponses(401) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      return { unread: await unreadCount(app.db, caller.id) };
    },
  );

  app.get(
    '/api/notifications/stream',
    {
      // A HEAD request would get a stream that never ends.
      exposeHeadRoute: false,
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary:
          'Server-sent events for the caller: `unread` ({unread}) at once and whenever the count may have changed, `messages` when a conversation of theirs changed, a comment every 25 s to keep the connection open, and `signed-out` (then the end of the stream) once the session that opened it has ended',
        headers: ZEventStreamHeaders,
        response: { ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const caller = await request.requireUser();
      streams.open(request, reply, caller.id);
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: {
        access: 'signed-in',
        leavesAccounts: true,
        rateLimit: perAccount(app, 'notificationRead'),
      },
      schema: {
        tags: ['notifications'],
        summary: "Mark one of the caller's notifications read; answers the unread count",
        params: ZNotificationIdParams,
        response: { 200: ZUnreadCount, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      await markRead(app.db, caller.id, request.params.id);
      await countChanged(caller.id);
      return { unread: await unreadCount(app.db, caller.id) };
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: {
        access: 'signed-in',
        leavesAccounts: true,
        rateLimit: perAccount(app, 'notificationReadAll'),
      },
      schema: {
        tags: ['notifications'],
        summary: "Mark all the caller's notifications read; answers the unread count",
        response: { 200: ZUnreadCount, ...errorResponses(401, 429) },
      },
    },
    async (request) => {
      const caller = await request.requireUser();
      await markAllRead(app.db, caller.id);
      await countChanged(caller.id);
      return { unread: await unreadCount(app.db, caller.id) };
    },
  );

  app.get(
    '/api/notification-settings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary:
          'Which kinds of notification also come to the caller by e-mail, and how often saved-search alerts do',
        response: { 200: ZNotificationSettings, ...errorResponses(401) },
      },
    },
    async (request) => settingsOf(app.db, (await request.requireUser()).id),
  );

  app.put(
    '/api/notification-settings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        summary:
          "Change the caller's e-mail settings: only the kinds named change; in the app every notification always shows",
        body: ZNotificationSettingsRequest,
        response: { 200: ZNotificationSettings, ...errorResponses(400, 401) },
      },
    },
    async (request) => updateSettings(app.db, (await request.requireUser()).id, request.body),
  );
};
