import { useEffect, useRef, useState } from 'react';
import { useHydrated, useRenderingOnServer } from '@/hooks/use-hydrated';
import { cn } from '@/lib/cn';
import { photoSrcSet, placeholderColour, type ShownPhoto } from '@/lib/image-renditions';

/** A card is a column of a grid: one on phones, two on tablets, three on wide screens. */
export const CARD_SIZES = '(min-width: 1024px) 23rem, (min-width: 640px) 50vw, 100vw';

type ListingPictureProps = {
  /** The photo to show; none draws a house instead. */
  photo: ShownPhoto | null | undefined;
  /** How wide the picture is drawn at each screen width, so the browser fetches no more. */
  sizes: string;
  /** The photo's own description when left out; `""` where the text around says it all. */
  alt?: string;
  /** The first picture a visitor sees: fetched at once, before others. */
  priority?: boolean;
  /** Pictures below the fold wait until they are scrolled near. */
  loading?: 'lazy' | 'eager';
  /**
   * Asked for only once the app runs (a thumbnail that does nothing without it): until then its
   * placeholder holds the place, and the page's first photos have the connection to themselves.
   */
  withTheApp?: boolean;
  /** `cover` crops to the frame (cards, thumbnails); `contain` shows all of it (the viewer). */
  fit?: 'cover' | 'contain';
  /**
   * Draws the ThumbHash to paint while the photo loads (a data: URL); without it, the photo's
   * average colour is painted. Called only when that drawing is painted: the server draws it into
   * the page, and a page coming alive keeps the server's drawing rather than drawing it again
   * (usually the photo has arrived by then, and it is never needed).
   */
  placeholderImage?: () => string | null;
  /** Classes of the frame: its shape (3:2 unless told), corners, and size. */
  className?: string;
};

/**
 * How far a photo got: its `<picture>` of every width and format; the plain address alone after
 * that failed (an old upload was stored without AVIF or the middle width); the drawn house when
 * even that failed.
 */
type Stage = 'picture' | 'plain' | 'drawn';

/**
 * A listing's photo: AVIF or WebP at the width the layout needs, its space kept from the start,
 * and its placeholder painted behind it until it arrives.
 */
export function ListingPicture({
  photo,
  sizes,
  alt,
  priority = false,
  loading = 'lazy',
  withTheApp = false,
  fit = 'cover',
  placeholderImage,
  className,
}: ListingPictureProps) {
  const url = photo?.url ?? null;
  const [shown, setShown] = useState<{ url: string | null; stage: Stage; loaded: boolean }>({
    url,
    stage: 'picture',
    loaded: false,
  });
  // Another photo in the same place (a gallery moving on) starts over.
  const current = shown.url === url ? shown : { url, stage: 'picture' as Stage, loaded: false };
  const image = useRef<HTMLImageElement>(null);

  const onError = () =>
    setShown({ url, stage: current.stage === 'picture' ? 'plain' : 'drawn', loaded: false });
  const onLoad = () => setShown({ url, stage: current.stage, loaded: true });

  // A photo drawn on the server may have loaded, or failed, before React listened to it; React
  // itself makes a photo it creates in the browser report again.
  const hydrated = useHydrated();
  const onServer = useRenderingOnServer();
  // The photo this picture showed in the server's page, if it came from there (null otherwise).
  const serverPhoto = useRef(hydrated ? null : url);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, as the page comes alive.
  useEffect(() => {
    const element = image.current;
    if (serverPhoto.current === null || !element?.complete || !element.currentSrc) return;
    if (element.naturalWidth > 0) onLoad();
    else onError();
  }, []);

  // Sand shows until the photo or its placeholder paints; a contained photo keeps the page behind.
  const frame = cn(
    'relative block overflow-hidden',
    fit === 'cover' && 'bg-sand',
    className ?? 'aspect-[3/2] w-full',
  );
  if (!photo || current.stage === 'drawn') {
    return <ImagePlaceholder className={frame} />;
  }
  if (withTheApp && !hydrated) {
    return (
      <span
        className={frame}
        style={{ background: placeholderColour(photo.placeholder) ?? undefined }}
      />
    );
  }

  const avif = photoSrcSet(photo.url, photo.width, 'avif');
  const webp = photoSrcSet(photo.url, photo.width, 'webp');
  const img = (
    <img
      ref={image}
      src={photo.url}
      width={photo.width}
      height={photo.height}
      alt={alt ?? photo.alt}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onLoad={onLoad}
      onError={onError}
      className={cn(
        'relative block size-full',
        fit === 'cover' ? 'object-cover' : 'object-contain',
      )}
    />
  );
  const painted = () => {
    // The server's drawing stays in its page: while the page comes alive and after, React is
    // given the same colour, so it neither draws the photo again nor writes over the drawing.
    const drawHere = onServer || (hydrated && serverPhoto.current !== url);
    const drawn = placeholderImage && drawHere ? placeholderImage() : null;
    return drawn ? `center / cover url("${drawn}")` : placeholderColour(photo.placeholder);
  };
  const backdrop = current.loaded ? null : painted();

  return (
    <span className={frame}>
      {backdrop && (
        <span
          aria-hidden="true"
          data-placeholder=""
          className="absolute inset-0"
          style={{ background: backdrop }}
          // The server's drawing stays while the page comes alive (see `placeholderImage`).
          suppressHydrationWarning
        />
      )}
      {current.stage === 'picture' && avif && webp ? (
        <picture>
          <source type="image/avif" srcSet={avif} sizes={sizes} />
          <source type="image/webp" srcSet={webp} sizes={sizes} />
          {img}
        </picture>
      ) : (
        img
      )}
    </span>
  );
}

/** A drawn house for a listing without a photo, so every card keeps its shape. */
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
