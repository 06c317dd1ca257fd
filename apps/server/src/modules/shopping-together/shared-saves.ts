import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../db/client.js';
import {
  removeFromWishlist,
  saveToWishlist,
  saveToWishlistIn,
} from '../wishlist/wishlist.service.js';
import { forgetHomeIfUnsaved, onList } from './shared-homes.js';
import { listOfMember, membershipOf } from './shared-list-members.js';
import { homeAddedNotice, homeRemovedNotice } from './shared-list-notices.js';

/*
 * A buyer's own saves, as the listing's Save button and My Wish List change them. For someone
 * shopping together they are the shared list's homes too: a home new to the list, or gone from
 * it, is told to the others on the transaction of the change. Everyone else saves as before, in
 * one statement.
 */

/** A list with someone to tell, locked, read on the change's transaction; null for a buyer alone. */
async function sharingList(tx: Transaction, userId: string) {
  const list = await listOfMember(tx, userId, true);
  return list && list.members.length > 1 ? list : null;
}

export async function saveHome(app: FastifyInstance, userId: string, propertyId: string) {
  if (!(await membershipOf(app.db, userId))) return saveToWishlist(app.db, userId, propertyId);
  await app.notifications.changeAndTell(
    async (tx) => {
      const list = await sharingList(tx, userId);
      const known = list ? await onList(tx, list.members, propertyId) : true;
      const saveId = await saveToWishlistIn(tx, userId, propertyId);
      return { list: known ? null : list, saveId };
    },
    (tx, { list, saveId }) =>
      list && saveId
        ? homeAddedNotice(tx, {
            listId: list.listId,
            members: list.members,
            by: list.me,
            propertyId,
            saveId,
          })
        : [],
  );
}

export async function unsaveHome(app: FastifyInstance, userId: string, propertyId: string) {
  if (!(await membershipOf(app.db, userId))) return removeFromWishlist(app.db, userId, propertyId);
  await app.notifications.changeAndTell(
    async (tx) => {
      await removeFromWishlist(tx, userId, propertyId);
      const list = await sharingList(tx, userId);
      return list && (await forgetHomeIfUnsaved(tx, list, propertyId)) ? list : null;
    },
    (tx, list) =>
      list
        ? homeRemovedNotice(tx, {
            listId: list.listId,
            members: list.members,
            by: list.me,
            propertyId,
          })
        : [],
  );
}
