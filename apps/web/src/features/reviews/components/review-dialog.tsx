import { LIMITS } from '@keyhaven/shared/constants';
import { REVIEW_MESSAGES } from '@keyhaven/shared/texts';
import { type RefObject, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AppForm, FormAlert } from '@/components/form/app-form';
import { TextareaField, TextField } from '@/components/form/fields';
import { DialogCancel, FormActions, SubmitButton } from '@/components/form/submit-button';
import {
  Dialog,
  DialogContent,
  DialogCornerClose,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { StarRatingInput } from '@/components/ui/star-rating';
import { ApiError, errorMessage } from '@/lib/api-client';
import { BRAND_NAME } from '@/lib/brand';
import { toast } from '@/lib/toast';
import { useCreateReview } from '../api/create-review';
import type { Review } from '../types';

/** What is being reviewed. */
export type ReviewTarget =
  | { reviewFor: 'website' }
  | { reviewFor: 'property'; propertyId: string; propertyTitle?: string }
  | { reviewFor: 'agent'; agentId: string; agentName: string };

export type ReviewDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: ReviewTarget;
  /** The visitor's earlier review of this listing: the form starts from it, and replaces it. */
  previous?: Pick<Review, 'rating' | 'title' | 'text'> | null;
  /**
   * The button that opened the modal, where focus goes back when it closes (the modal is opened
   * from state, not from a Radix trigger, so Radix does not know it).
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Told once the review is saved (an agent's profile then shows the new rating). */
  onSaved?: () => void;
};

type ReviewFormValues = { rating: number; title: string; text: string };

const FIELD_NAMES = ['rating', 'title', 'text'] as const;

/** At most `max` characters, in the server's words past that. */
const atMost = (max: number, message: string) => ({ maxLength: { value: max, message } });

function texts(target: ReviewTarget, editing: boolean) {
  if (target.reviewFor === 'website') {
    return {
      title: 'Add Your Review',
      description: `Tell other buyers how finding a home with ${BRAND_NAME} went.`,
    };
  }
  if (target.reviewFor === 'agent') {
    return {
      title: editing ? 'Edit Your Review' : 'Review This Agent',
      description: editing
        ? `Your new review replaces the one you posted for ${target.agentName}.`
        : `Tell other buyers how buying with ${target.agentName} went.`,
    };
  }
  const listing = target.propertyTitle?.trim();
  return {
    title: editing ? 'Edit Your Review' : 'Review This Property',
    description: editing
      ? `Your new review replaces the one you posted${listing ? ` for ${listing}` : ''}.`
      : `Share what you think of ${listing || 'this property'} with other buyers.`,
  };
}

function ReviewForm({
  target,
  previous,
  onDone,
}: {
  target: ReviewTarget;
  previous?: ReviewDialogProps['previous'];
  /** The review was saved. */
  onDone: () => void;
}) {
  const createReview = useCreateReview();
  const ratingErrorId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReviewFormValues>({
    defaultValues: {
      rating: previous?.rating ?? LIMITS.ratingDefault,
      title: previous?.title ?? '',
      text: previous?.text ?? '',
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    const review =
      target.reviewFor === 'website'
        ? { reviewFor: 'website' as const }
        : target.reviewFor === 'agent'
          ? { reviewFor: 'agent' as const, agentId: target.agentId }
          : { reviewFor: 'property' as const, propertyId: target.propertyId };
    createReview.mutate(
      { ...review, rating: values.rating, title: values.title.trim(), text: values.text },
      {
        onSuccess: ({ message }) => {
          toast.success(message || REVIEW_MESSAGES.submitted);
          onDone();
        },
        onError: (error) => {
          const message = errorMessage(error, REVIEW_MESSAGES.failed);
          // The dialog hides the rest of the page from screen readers, toasts included, so the
          // reason is also written inside it.
          setFailure(message);
          toast.error(REVIEW_MESSAGES.failedTitle, { description: message });
          if (error instanceof ApiError) {
            for (const name of FIELD_NAMES) {
              const fieldError = error.fields?.[name];
              if (fieldError) setError(name, { message: fieldError });
            }
          }
        },
      },
    );
  });

  const pending = createReview.isPending;
  return (
    <AppForm appOnly onSubmit={onSubmit} className="mt-5 space-y-5" aria-busy={pending}>
      {failure && <FormAlert title={REVIEW_MESSAGES.failedTitle}>{failure}</FormAlert>}
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => (
          <div>
            <StarRatingInput
              name={field.name}
              legend="Rating"
              value={field.value}
              onChange={field.onChange}
              disabled={pending}
              errorId={fieldState.error ? ratingErrorId : undefined}
            />
            {fieldState.error && (
              <p id={ratingErrorId} className="mt-1.5 text-sm font-medium text-red-700">
                {fieldState.error.message}
              </p>
            )}
          </div>
        )}
      />
      <TextField
        label="Title"
        error={errors.title?.message}
        {...register('title', atMost(LIMITS.reviewTitleMaxLength, REVIEW_MESSAGES.titleTooLong))}
        maxLength={LIMITS.reviewTitleMaxLength}
        autoComplete="off"
        placeholder="Sum it up in a few words"
        disabled={pending}
      />
      <TextareaField
        label="Your review"
        error={errors.text?.message}
        {...register('text', atMost(LIMITS.reviewTextMaxLength, REVIEW_MESSAGES.textTooLong))}
        maxLength={LIMITS.reviewTextMaxLength}
        placeholder="What went well, and what could be better?"
        disabled={pending}
      />
      <FormActions className="pt-1">
        <DialogCancel busy={pending} />
        <SubmitButton busy={pending} busyLabel="Submitting...">
          Submit Review
        </SubmitButton>
      </FormActions>
    </AppForm>
  );
}

/**
 * The review modal: a star rating (5 by default), a title and the review. On
 * success it closes with 'Review submitted!'; on failure it stays open and says why.
 */
export function ReviewDialog({
  open,
  onOpenChange,
  target,
  previous,
  returnFocusRef,
  onSaved,
}: ReviewDialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const { title, description } = texts(target, Boolean(previous));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={contentRef}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        // Start on the chosen star, the first field, rather than on the close button.
        onOpenAutoFocus={(event) => {
          const checked = contentRef.current?.querySelector<HTMLInputElement>(
            'input[type="radio"]:checked',
          );
          if (checked) {
            event.preventDefault();
            checked.focus();
          }
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusRef?.current?.focus();
        }}
      >
        <DialogTitle className="pr-10">{title}</DialogTitle>
        <DialogDescription className="mt-1 text-sm">{description}</DialogDescription>
        <ReviewForm
          target={target}
          previous={previous}
          onDone={() => {
            onOpenChange(false);
            onSaved?.();
          }}
        />
        <DialogCornerClose />
      </DialogContent>
    </Dialog>
  );
}

export default ReviewDialog;
