import type { PublishedListing } from '../../db/schema.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { type ListingRow, publishedContent } from '../listing-views/property-view.js';

/** A field of a listing an edit can change: what buyers read, and its availability. */
type EditableField = keyof PublishedListing | 'availability';
type SameValue = (field: keyof PublishedListing, before: unknown, after: unknown) => boolean;

/** Each field an edit changed, as it was and as it is now. */
function changedFields(before: ListingRow, after: ListingRow, same: SameValue) {
  const fields: EditableField[] = [
    ...(Object.keys(publishedContent(before)) as Array<keyof PublishedListing>),
    'availability',
  ];
  const changed = fields.filter((field) =>
    field === 'availability'
      ? before.availability !== after.availability
      : !same(field, before[field], after[field]),
  );
  const pick = (row: ListingRow) => Object.fromEntries(changed.map((field) => [field, row[field]]));
  return { changed, before: pick(before), after: pick(after) };
}

/**
 * An admin's edit of an agent's listing does not wait for review, as admins are the reviewers:
 * it goes live at once. So the trail keeps what it changed, before and after, in the edit's own
 * transaction. Answers whether there was such an edit to tell the agent of: an admin's edit of
 * their own listing, or a save that changed nothing, is not one.
 */
export async function auditAdminEdit(
  tx: Parameters<typeof recordAudit>[0],
  caller: SessionUser,
  before: ListingRow,
  after: ListingRow,
  same: SameValue,
): Promise<boolean> {
  if (caller.role !== 'admin' || before.agentId === caller.id) return false;
  const edit = changedFields(before, after, same);
  if (edit.changed.length === 0) return false;
  await recordAudit(tx, {
    actor: caller,
    action: 'property.edited',
    targetType: 'property',
    targetId: before.id,
    details: { title: after.title, agentId: before.agentId },
    before: edit.before,
    after: edit.after,
  });
  return true;
}
