import type { SharedWishlist } from '@keyhaven/shared';
import { SHOPPING_TOGETHER_LIMITS } from '@keyhaven/shared/constants';
import { SHOPPING_TOGETHER_MESSAGES as M } from '@keyhaven/shared/texts';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { failureMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { sharedChanges, useSharedChange } from '../api/shared-wishlist';
import { InviteForm } from './invite-form';

type List = NonNullable<SharedWishlist['list']>;
type Leaving = { kind: 'leave' } | { kind: 'remove'; id: string; name: string };

/** Who is on the list, the invitations waiting (its starter's), inviting, leaving and removing. */
export function People({ list }: { list: List }) {
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const leave = useSharedChange(sharedChanges.leave);
  const removeMember = useSharedChange(sharedChanges.removeMember);
  const revoke = useSharedChange(sharedChanges.revoke);
  const waiting = list.invitations.filter((invitation) => invitation.status === 'pending').length;
  const seatsLeft = list.members.length + waiting < SHOPPING_TOGETHER_LIMITS.maxPeople;

  const confirm = () => {
    if (!leaving) return;
    const done = {
      onSuccess: () => toast.success(leaving.kind === 'leave' ? M.left : M.removed),
      onError: (failure: Error) => toast.error(failureMessage(failure, M.loadFailed)),
      onSettled: () => setLeaving(null),
    };
    if (leaving.kind === 'leave') leave.mutate(undefined, done);
    else removeMember.mutate(leaving.id, done);
  };

  return (
    <section aria-labelledby="shared-people" className="mt-4">
      <h3 id="shared-people" className="text-base font-semibold text-stone-900">
        {M.peopleTitle}
      </h3>
      <ul className="mt-2 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
        {list.members.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
            <span className="font-medium text-stone-900">
              {member.name}
              {member.you && ` (${M.you})`}
            </span>
            {member.starter && <span className="text-sm text-stone-600">{M.starter}</span>}
            {list.youStarted && !member.you && (
              <Button
                size="sm"
                variant="ghost"
                className="ml-auto"
                aria-label={M.removeLabel(member.name)}
                onClick={() => setLeaving({ kind: 'remove', id: member.id, name: member.name })}
              >
                {M.remove}
              </Button>
            )}
          </li>
        ))}
        {list.invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
            <span className="min-w-0 break-all text-stone-800">
              {invitation.status === 'expired'
                ? M.expiredInvitation(invitation.email)
                : M.pendingInvitation(invitation.email)}
            </span>
            {invitation.status === 'pending' && (
              <span className="text-sm text-stone-600">
                {M.expiresOn(formatDate(invitation.expiresAt))}
              </span>
            )}
            <Button
              size="sm"
              variant="ghost"
              className="ml-auto"
              aria-label={M.revokeLabel(invitation.email)}
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(invitation.id, { onSuccess: () => toast.success(M.revoked) })
              }
            >
              {M.revoke}
            </Button>
          </li>
        ))}
      </ul>
      {list.members.length < 2 && (
        <p className="mt-2 text-sm text-stone-700">{M.waitingForAnswer}</p>
      )}
      {list.youStarted && seatsLeft && <InviteForm />}
      <Button
        variant="dangerOutline"
        size="sm"
        className="mt-4"
        onClick={() => setLeaving({ kind: 'leave' })}
      >
        {M.leave}
      </Button>
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => !open && setLeaving(null)}
        title={leaving?.kind === 'remove' ? M.removeTitle(leaving.name) : M.leaveTitle}
        description={<p>{leaving?.kind === 'remove' ? M.removeBody : M.leaveBody}</p>}
        confirmLabel={leaving?.kind === 'remove' ? M.remove : M.leave}
        tone="danger"
        pending={leave.isPending || removeMember.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
