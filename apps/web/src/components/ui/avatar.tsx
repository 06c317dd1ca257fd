import { useState } from 'react';
import { cn } from '@/lib/cn';
import { LARGE_WIDTH, renditionsOf, THUMBNAIL_WIDTH } from '@/lib/image-renditions';

function initials(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

type AvatarProps = {
  name: string;
  src: string | null;
  className?: string;
  /**
   * The avatar's width on screen, for choosing among our photo's widths: the small one is plenty
   * for an avatar, even on dense screens.
   */
  sizes?: string;
};

/** The person's photo, or their initials when there is none or it fails to load. */
export function Avatar({ name, src, className, sizes = '48px' }: AvatarProps) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const frame = cn(
    'inline-flex size-10 shrink-0 overflow-hidden rounded-full bg-teal-100 ring-2 ring-white',
    className,
  );

  if (src && src !== brokenSrc) {
    const renditions = renditionsOf(src);
    const responsive = renditions?.responsive === true;
    return (
      <span className={frame}>
        <img
          src={responsive ? renditions.thumbnail : src}
          srcSet={
            responsive
              ? `${renditions.thumbnail} ${THUMBNAIL_WIDTH}w, ${renditions.large} ${LARGE_WIDTH}w`
              : undefined
          }
          sizes={responsive ? sizes : undefined}
          alt={name}
          title={name}
          onError={() => setBrokenSrc(src)}
          className="size-full object-cover"
        />
      </span>
    );
  }
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      className={cn(frame, 'items-center justify-center font-semibold text-teal-900')}
    >
      <span aria-hidden="true">{initials(name)}</span>
    </span>
  );
}
