import { MESSAGES, REVIEW_MESSAGES } from '@keyhaven/shared/texts';
import { type RefObject, useRef } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteReview } from '../api/delete-review';
import { REVIEW_TEXTS, type Review } from '../types';

type DeleteReviewDialogProps = {
  /** The review to delete; the dialog keeps showing it while it closes. */
  review: Review | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whose review it is, as the confirmation says it: 'your review' or 'Sofia's review'. */
  whose: (review: Review) => string;
  /** Where focus lands once the review (and the button that opened the dialog) is gone. */
  afterDeleteFocus: RefObject<HTMLElement | null>;
};

function subject(review: Review) {
  if (review.reviewFor === 'website' || !review.propertyId) return 'of the website';
  return `of ${review.propertyTitle?.trim() || 'this property'}`;
}

/** 'Delete this review?' before a review is deleted (admins moderate, users manage theirs). */
export function DeleteReviewDialog({
  review,
  open,
  onOpenChange,
  whose,
  afterDeleteFocus,
}: DeleteReviewDialogProps) {
  const deleteReview = useDeleteReview();
  const deletedRef = useRef(false);

  function onConfirm() {
    if (!review) return;
    deleteReview.mutate(review._id, {
      onSuccess: ({ message }) => {
        deletedRef.current = true;
        toast.success(message || REVIEW_MESSAGES.deleted);
      },
      onError: (error) =>
        toast.error(REVIEW_TEXTS.deleteFailed, {
          description: errorMessage(error, MESSAGES.somethingWentWrong),
        }),
      onSettled: () => onOpenChange(false),
    });
  }

  if (!review) return null;
  const title = review.title.trim();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this review?"
      description={
        <>
          <p>
            {whose(review)} {subject(review)}
            {title ? (
              <>
                , <q className="font-semibold">{title}</q>,
              </>
            ) : null}{' '}
            will be removed for everyone.
          </p>
          <p>This cannot be undone.</p>
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      tone="danger"
      pending={deleteReview.isPending}
      onConfirm={onConfirm}
      onCloseAutoFocus={(event) => {
        // After a deletion the button that opened the dialog is gone: focus the list instead.
        if (deletedRef.current) {
          deletedRef.current = false;
          event.preventDefault();
          afterDeleteFocus.current?.focus();
        }
      }}
    />
  );
}
