import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { type ReactNode, useId, useState } from 'react';
import { generatePath, Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { StarRating } from '@/components/ui/star-rating';
import { formatDate } from '@/lib/format';
import { agentProfilePath, paths } from '@/lib/paths';
import { type PublicReview, REVIEW_TEXTS } from '../types';

/** Longer reviews open at this many characters, with Read more. */
const EXCERPT_LENGTH = 280;

/** What a review is about: its listing (a link to it), an agent or the website. */
export function ReviewSubject({ review }: { review: PublicReview }) {
  if (review.reviewFor === 'agent') {
    // Lists of whole reviews (My Reviews, the admins') know the agent; public lists do not.
    const agentId = 'agentId' in review ? (review.agentId as string | null) : null;
    if (!agentId) return <>{REVIEW_TEXTS.agent}</>;
    return (
      <Link
        to={agentProfilePath(agentId)}
        className="text-teal-800 underline underline-offset-2 hover:text-teal-950"
      >
        {REVIEW_TEXTS.agent}
      </Link>
    );
  }
  if (review.reviewFor === 'website' || !review.propertyId) return <>{REVIEW_TEXTS.website}</>;
  return (
    <Link
      to={generatePath(paths.propertyDetails, { id: review.propertyId })}
      className="text-teal-800 underline underline-offset-2 hover:text-teal-950"
    >
      {review.propertyTitle?.trim() || PROPERTY_MESSAGES.untitled}
    </Link>
  );
}

/** The review's own words, as plain text; long ones open with Read more. */
function ReviewText({ text, about }: { text: string; about: string }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const long = text.length > EXCERPT_LENGTH;
  const shown = long && !expanded ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text;
  return (
    <div className="mt-2">
      <p id={id} className="whitespace-pre-line break-words text-stone-700">
        {shown}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
          className="mt-1 cursor-pointer rounded text-sm font-semibold text-teal-800 underline-offset-2 hover:underline"
        >
          {expanded ? 'Show less' : 'Read more'}
          <span className="sr-only"> of {about}</span>
        </button>
      )}
    </div>
  );
}

type ReviewCardProps = {
  review: PublicReview;
  headingLevel?: 'h2' | 'h3';
  /** Names what the review is about (a listing or the website): for lists that mix both. */
  showSubject?: boolean;
  /** Buttons under the review (Delete on My Reviews). */
  actions?: ReactNode;
  className?: string;
};

/** A review: rating, date, title, text and reviewer. The text is rendered as text, never as HTML. */
export function ReviewCard({
  review,
  headingLevel: Heading = 'h3',
  showSubject = false,
  actions,
  className = '',
}: ReviewCardProps) {
  const headingId = useId();
  const title = review.title.trim();
  const byline = `Review by ${review.reviewerName}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex h-full flex-col rounded-2xl border border-sand bg-white p-6 shadow-sm ${className}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <StarRating rating={review.rating} />
        <time dateTime={review.postedAt} className="text-sm text-stone-600">
          {formatDate(review.postedAt)}
        </time>
      </div>
      {showSubject && (
        <p className="mt-3 text-sm font-semibold text-stone-800">
          <span className="text-stone-600">Review of </span>
          <ReviewSubject review={review} />
        </p>
      )}
      {title ? (
        <Heading id={headingId} className="mt-3 text-lg font-bold break-words text-stone-900">
          {title}
        </Heading>
      ) : (
        <Heading id={headingId} className="sr-only">
          {byline}
        </Heading>
      )}
      {review.text.trim() ? (
        <ReviewText text={review.text} about={title ? `“${title}”` : byline.toLowerCase()} />
      ) : (
        !title && <p className="mt-2 text-stone-600 italic">{REVIEW_TEXTS.ratingOnly}</p>
      )}
      <div className="mt-auto flex items-center gap-3 pt-5">
        <span aria-hidden="true">
          <Avatar
            name={review.reviewerName}
            src={review.reviewerAvatar}
            className="size-10 ring-0"
          />
        </span>
        <p className="min-w-0 font-semibold break-words text-stone-900">
          <span className="sr-only">By </span>
          {review.reviewerName}
        </p>
      </div>
      {actions && <div className="mt-5 flex flex-wrap gap-3">{actions}</div>}
    </article>
  );
}

/** Grey cards the size of a review while the list loads. */
export function ReviewCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full min-h-56 flex-col rounded-2xl border border-sand bg-white p-6 shadow-sm motion-safe:animate-pulse"
    >
      <div className="h-5 w-28 rounded bg-stone-200" />
      <div className="mt-4 h-5 w-3/4 rounded bg-stone-200" />
      <div className="mt-3 h-4 w-full rounded bg-stone-100" />
      <div className="mt-2 h-4 w-5/6 rounded bg-stone-100" />
      <div className="mt-auto flex items-center gap-3 pt-5">
        <div className="size-10 rounded-full bg-stone-200" />
        <div className="h-4 w-24 rounded bg-stone-200" />
      </div>
    </div>
  );
}
