import { useState } from 'react';
import { cn } from '@/lib/cn';
import { LARGE_WIDTH, renditionsOf, THUMBNAIL_WIDTH } from '@/lib/image-renditions';

type PropertyImageProps = {
  image: string | null | undefined;
  alt: string;
  /** `card`: the 480 px thumbnail; `feature`: the large picture, with `srcset` for ours. */
  variant: 'card' | 'feature';
  /** Leave lazy for anything below the fold. */
  loading?: 'lazy' | 'eager';
  className?: string;
};

// Listing pictures are 3:2 (the upload pipeline keeps the sender's ratio; seeds are 1200x800).
const RATIO = 2 / 3;

/** A listing's picture, or a drawn placeholder when it has none or it fails to load. */
export function PropertyImage({
  image,
  alt,
  variant,
  loading = 'lazy',
  className,
}: PropertyImageProps) {
  const renditions = renditionsOf(image);
  const [failed, setFailed] = useState<string | null>(null);
  const frame = cn('aspect-[3/2] w-full bg-sand object-cover', className);

  if (!renditions || failed === renditions.large) {
    return <ImagePlaceholder className={frame} />;
  }

  const width = variant === 'card' ? THUMBNAIL_WIDTH : LARGE_WIDTH;
  const feature = variant === 'feature';
  return (
    <img
      src={feature ? renditions.large : renditions.thumbnail}
      srcSet={
        feature && renditions.responsive
          ? `${renditions.thumbnail} ${THUMBNAIL_WIDTH}w, ${renditions.large} ${LARGE_WIDTH}w`
          : undefined
      }
      sizes={feature && renditions.responsive ? '(min-width: 1024px) 60vw, 100vw' : undefined}
      width={width}
      height={Math.round(width * RATIO)}
      alt={alt}
      loading={loading}
      decoding="async"
      fetchPriority={feature && loading === 'eager' ? 'high' : undefined}
      onError={() => setFailed(renditions.large)}
      className={frame}
    />
  );
}

/** A drawn house for a listing without a picture, so every card keeps its shape. */
function ImagePlaceholder({ className }: { className: string }) {
  return (
    <svg
      role="img"
      aria-label="No photo available"
      viewBox="0 0 300 200"
      preserveAspectRatio="xMidYMid slice"
      className={className}
    >
      <rect width="300" height="200" fill="#f3e6cf" />
      <path d="M0 160h300v40H0z" fill="#e6d3b1" />
      <path d="M105 160V105l45-35 45 35v55z" fill="#fff8ec" stroke="#115e59" strokeWidth="4" />
      <path d="M95 112l55-44 55 44" fill="none" stroke="#115e59" strokeWidth="6" />
      <path d="M140 160v-30h20v30" fill="#115e59" />
    </svg>
  );
}
