import { LIMITS } from '@keyhaven/shared/constants';
import { type ComponentProps, useState } from 'react';
import { cn } from '@/lib/cn';

/** Ratings go from one star to five. */
const DEFAULT_MAX: number = LIMITS.ratingMax;

/** '1 star', '2 stars'... the name of each choice of a rating. */
const starLabel = (count: number) => (count === 1 ? '1 star' : `${count} stars`);

/** `Rated 4 out of 5`, what a rating says to screen readers. */
const ratingLabel = (rating: number, max = DEFAULT_MAX) => `Rated ${rating} out of ${max}`;

function StarIcon({ filled, className, ...props }: ComponentProps<'svg'> & { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      strokeWidth={1.5}
      strokeLinejoin="round"
      className={cn(
        filled ? 'fill-amber-400 stroke-amber-600' : 'fill-transparent stroke-stone-400',
        className,
      )}
      {...props}
    >
      <path d="M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95z" />
    </svg>
  );
}

type StarRatingProps = {
  /** A whole number from 0 to `max`; anything else is rounded into that range. */
  rating: number;
  max?: number;
  className?: string;
  /** The size of each star. */
  starClassName?: string;
};

/** A rating shown as stars, announced as 'Rated 4 out of 5'. */
export function StarRating({
  rating,
  max = DEFAULT_MAX,
  className,
  starClassName = 'size-5',
}: StarRatingProps) {
  const value = Math.min(max, Math.max(0, Math.round(rating)));
  return (
    <span
      role="img"
      aria-label={ratingLabel(value, max)}
      title={ratingLabel(value, max)}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {Array.from({ length: max }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not data.
        <StarIcon key={index} filled={index < value} className={starClassName} />
      ))}
    </span>
  );
}

type StarRatingInputProps = {
  /** The radio group's name (one per form). */
  name: string;
  value: number;
  onChange: (value: number) => void;
  /** The group's visible label. */
  legend: string;
  max?: number;
  disabled?: boolean;
  /** The id of an error message to read with the group. */
  errorId?: string;
  className?: string;
};

/**
 * A star rating as a native radio group: each star is a radio labelled '1 star' ... '5 stars', so
 * arrow keys change it and screen readers name every choice. The stars up to the chosen one (or
 * the one under the pointer) are filled.
 */
export function StarRatingInput({
  name,
  value,
  onChange,
  legend,
  max = DEFAULT_MAX,
  disabled = false,
  errorId,
  className,
}: StarRatingInputProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value;
  return (
    <fieldset
      className={cn('min-w-0', className)}
      aria-describedby={errorId}
      disabled={disabled}
      onMouseLeave={() => setHovered(null)}
    >
      <legend className="text-sm font-semibold text-stone-800">{legend}</legend>
      <div className="mt-1.5 flex items-center gap-1">
        {Array.from({ length: max }, (_, index) => {
          const count = index + 1;
          return (
            <label
              key={count}
              className="relative rounded-md p-0.5 has-focus-visible:outline-3 has-focus-visible:outline-offset-1 has-focus-visible:outline-teal-700"
              onMouseEnter={() => setHovered(count)}
            >
              <input
                type="radio"
                name={name}
                value={count}
                checked={value === count}
                onChange={() => onChange(count)}
                aria-label={starLabel(count)}
                // Covers the star, so a click or a tap anywhere on it picks it.
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0 focus-visible:outline-none disabled:cursor-not-allowed"
              />
              <StarIcon filled={count <= shown} className="size-8 sm:size-9" />
            </label>
          );
        })}
        <span aria-hidden="true" className="ml-2 text-sm font-medium text-stone-700">
          {starLabel(value)}
        </span>
      </div>
    </fieldset>
  );
}
