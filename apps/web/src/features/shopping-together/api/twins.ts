import type { InvitationPreview, SharedNote, SharedWishlist } from '@keyhaven/shared';
import { HOME_REACTIONS, NOTE_VISIBILITIES } from '@keyhaven/shared/constants';
import * as v from 'valibot';
import type { ContractTwin } from '@/lib/contract-twins';
import { ZProperty } from '@/lib/listing';

/* Valibot twins of shopping together's contract in @keyhaven/shared (see lib/contract-twins.ts). */

const noteTwin = v.object({
  id: v.string(),
  author: v.string(),
  mine: v.boolean(),
  visibility: v.picklist(NOTE_VISIBILITIES),
  body: v.string(),
  createdAt: v.string(),
});
export const ZSharedNote: ContractTwin<typeof noteTwin, SharedNote> = noteTwin;

const mark = { name: v.string(), you: v.boolean() };
const listTwin = v.object({
  list: v.nullable(
    v.object({
      id: v.string(),
      youStarted: v.boolean(),
      members: v.array(
        v.object({
          id: v.string(),
          name: v.string(),
          you: v.boolean(),
          starter: v.boolean(),
          joinedAt: v.string(),
        }),
      ),
      invitations: v.array(
        v.object({
          id: v.string(),
          email: v.string(),
          status: v.picklist(['pending', 'accepted', 'declined', 'revoked', 'expired']),
          expiresAt: v.string(),
        }),
      ),
      homes: v.array(
        v.object({
          property: ZProperty,
          savedBy: v.array(v.object(mark)),
          reactions: v.array(v.object({ ...mark, reaction: v.picklist(HOME_REACTIONS) })),
          notes: v.array(ZSharedNote),
        }),
      ),
    }),
  ),
});
export const ZSharedWishlist: ContractTwin<typeof listTwin, SharedWishlist> = listTwin;

const previewTwin = v.object({ invitedBy: v.string(), expiresAt: v.string(), people: v.number() });
export const ZInvitationPreview: ContractTwin<typeof previewTwin, InvitationPreview> = previewTwin;
