import { LIMITS } from '@keyhaven/shared/constants';
import { REVIEW_MESSAGES } from '@keyhaven/shared/texts';
import { type RefObject, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { AlertIcon } from '@/components/ui/form-icons';
import { CloseIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { InlineSpinner } from '@/components/ui/spinner';
import { StarRatingInput } from '@/components/ui/star-rating';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { BRAND_NAME } from '@/lib/brand';
import { usePageAction } from '@/lib/page-form';
import { toast } from '@/lib/toast';
import { useCreateReview } from '../api/create-review';
import type { Review } from '../types';

/** What is being reviewed. */
export type ReviewTarget =
  | { reviewFor: 'website' }
  | { reviewFor: 'property'; propertyId: string; propertyTitle?: string };

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
};

type ReviewFormValues = { rating: number; title: string; text: string };

const FIELD_NAMES = ['rating', 'title', 'text'] as const;

function texts(target: ReviewTarget, editing: boolean) {
  if (target.reviewFor === 'website') {
    return {
      title: 'Add Your Review',
      description: `Tell other buyers how finding a home with ${BRAND_NAME} went.`,
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
  onDone: () => void;
}) {
  const createReview = useCreateReview();
  const pageAction = usePageAction();
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
    <form
      method="post"
      action={pageAction}
      data-app-form=""
      noValidate
      onSubmit={onSubmit}
      className="mt-5 space-y-5"
      aria-busy={pending}
    >
      {failure && (
        <div
          role="alert"
          className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <AlertIcon className="size-5 shrink-0 text-red-700" />
          <div>
            <p className="font-semibold">{REVIEW_MESSAGES.failedTitle}</p>
            <p>{failure}</p>
          </div>
        </div>
      )}
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
      <Field label="Title" error={errors.title?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('title', {
              maxLength: {
                value: LIMITS.reviewTitleMaxLength,
                message: REVIEW_MESSAGES.titleTooLong,
              },
            })}
            maxLength={LIMITS.reviewTitleMaxLength}
            autoComplete="off"
            placeholder="Sum it up in a few words"
            disabled={pending}
          />
        )}
      </Field>
      <Field label="Your review" error={errors.text?.message}>
        {(control) => (
          <Textarea
            {...control}
            {...register('text', {
              maxLength: {
                value: LIMITS.reviewTextMaxLength,
                message: REVIEW_MESSAGES.textTooLong,
              },
            })}
            maxLength={LIMITS.reviewTextMaxLength}
            placeholder="What went well, and what could be better?"
            disabled={pending}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending && <InlineSpinner />}
          {pending ? 'Submitting...' : 'Submit Review'}
        </Button>
      </div>
    </form>
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
        <ReviewForm target={target} previous={previous} onDone={() => onOpenChange(false)} />
        <DialogClose
          aria-label="Close"
          className="absolute top-4 right-4 inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 hover:text-stone-900"
        >
          <CloseIcon className="size-5" />
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}

export default ReviewDialog;
