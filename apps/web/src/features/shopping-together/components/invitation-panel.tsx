import { INVITATION_PARAM } from '@keyhaven/shared/constants';
import { SHOPPING_TOGETHER_MESSAGES as M } from '@keyhaven/shared/texts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { failureMessage } from '@/lib/api-client';
import { wishlistKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { acceptInvitation, declineInvitation, useInvitationPreview } from '../api/shared-wishlist';

/**
 * The invitation a link brought the buyer here with (`?invitation=<token>`): who sent it, and
 * Accept or Decline. Once answered, the link's token leaves the address.
 */
export function InvitationPanel() {
  const [params, setParams] = useSearchParams();
  const token = params.get(INVITATION_PARAM);
  const preview = useInvitationPreview(token);
  const client = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const answered = () => {
    const rest = new URLSearchParams(params);
    rest.delete(INVITATION_PARAM);
    setParams(rest, { replace: true });
    void client.invalidateQueries({ queryKey: wishlistKeys.all });
  };
  const accept = useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => {
      toast.success(M.accepted);
      answered();
    },
  });
  const decline = useMutation({
    mutationFn: declineInvitation,
    onSuccess: () => {
      toast.success(M.declined);
      answered();
    },
  });
  useEffect(() => {
    if (preview.data) heading.current?.focus();
  }, [preview.data]);

  if (!token) return null;
  const failure = preview.error ?? accept.error ?? decline.error;
  return (
    <section
      aria-labelledby="invitation-title"
      className="mt-6 rounded-2xl border border-teal-300 bg-teal-50 p-4"
    >
      <h2
        id="invitation-title"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-stone-900"
      >
        {M.invitationTitle}
      </h2>
      {preview.isPending ? (
        <Spinner label={M.invitationLoading} className="py-4" />
      ) : failure ? (
        <Notice tone="error" role="alert" className="mt-3">
          {failureMessage(failure, M.invitationNotFound)}
        </Notice>
      ) : null}
      {preview.data && (
        <>
          <p className="mt-2 text-stone-800">{M.invitationFrom(preview.data.invitedBy)}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button disabled={accept.isPending} onClick={() => accept.mutate(token)}>
              {accept.isPending ? M.accepting : M.accept}
            </Button>
            <Button
              variant="secondary"
              disabled={decline.isPending}
              onClick={() => decline.mutate(token)}
            >
              {M.decline}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
