import { SHOPPING_TOGETHER_MESSAGES as M } from '@keyhaven/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound } from '../../lib/app-error.js';
import { callerList, type Member, takeOff } from './shared-list-members.js';
import { leftNotices } from './shared-list-notices.js';

/*
 * People leave a shared wishlist, or its starter removes them: on one transaction with the notices
 * to whoever it concerns (see takeOff for what goes with them).
 */

async function takeOffAndTell(
  app: FastifyInstance,
  callerId: string,
  choose: (list: { me: Member; members: Member[] }) => { leaving: Member; by: Member | null },
) {
  const now = new Date();
  await app.notifications.changeAndTell(
    async (tx) => {
      const list = await callerList(tx, callerId, true);
      const { leaving, by } = choose(list);
      const remaining = await takeOff(tx, list, leaving, now);
      return { leaving, by, remaining };
    },
    (_tx, { leaving, by, remaining }) => leftNotices(leaving, remaining, by, now),
  );
}

export function leaveList(app: FastifyInstance, callerId: string) {
  return takeOffAndTell(app, callerId, ({ me }) => ({ leaving: me, by: null }));
}

/** The starter removes someone (themselves: they leave); a member who is not the starter may not. */
export function removeMember(app: FastifyInstance, callerId: string, memberId: string) {
  return takeOffAndTell(app, callerId, ({ me, members }) => {
    const leaving = members.find((member) => member.id === memberId);
    if (!leaving) throw notFound(M.memberNotFound);
    if (leaving.id === me.id) return { leaving: me, by: null };
    if (members[0]?.id !== me.id) throw forbidden(M.onlyStarterRemoves);
    return { leaving, by: me };
  });
}
