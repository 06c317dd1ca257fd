import { lazy, Suspense, useState } from 'react';
import type { ReviewDialogProps } from './review-dialog';

const loadReviewDialog = () => import('./review-dialog');
const ReviewDialog = lazy(loadReviewDialog);

/** Starts downloading the review modal, for a pointer on its way to the button that opens it. */
export const preloadReviewDialog = () => {
  void loadReviewDialog();
};

/**
 * The review modal, downloaded the first time it opens (it brings the form library) and kept
 * mounted afterwards so it can animate and hand focus back when it closes.
 */
export function LazyReviewDialog(props: ReviewDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ReviewDialog {...props} />
    </Suspense>
  );
}
