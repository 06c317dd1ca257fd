import type { ListingPhoto } from '@keyhaven/shared';
import { Dialog } from 'radix-ui';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { ListingPicture } from '@/components/listing/listing-picture';
import { CloseIcon } from '@/components/ui/icons';
import { photoCounterText, photoPositionText, stepPhoto } from '../lib/photo-position';
import { placeholderImage } from '../lib/placeholder-image';
import { NextIcon, PreviousIcon } from './gallery-icons';

type PhotoViewerProps = {
  photos: ListingPhoto[];
  index: number;
  onIndexChange: (index: number) => void;
  title: string;
};

/** How far a finger travels sideways, in CSS pixels, before it counts as a swipe. */
const SWIPE_DISTANCE = 40;

const ROUND_BUTTON =
  'flex size-12 cursor-pointer items-center justify-center rounded-full bg-stone-900/70 text-white transition-colors hover:bg-stone-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * A listing's photos full screen, one at a time: Previous and Next, the arrow keys or a swipe to
 * move, Escape or Close to leave. Goes inside the gallery's `Dialog.Root`.
 */
export function PhotoViewer({ photos, index, onIndexChange, title }: PhotoViewerProps) {
  const count = photos.length;
  const photo = photos[index];
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  if (!photo) return null;

  const several = count > 1;
  const step = (direction: 1 | -1) => onIndexChange(stepPhoto(index, direction, count));
  const neighbours = several
    ? [...new Set([stepPhoto(index, -1, count), stepPhoto(index, 1, count)])].flatMap(
        (at) => photos[at] ?? [],
      )
    : [];

  const onKeyDown = (event: KeyboardEvent) => {
    if (!several) return;
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent) => {
    // A press on Previous or Next is theirs, not the start of a swipe.
    if ((event.target as Element).closest('button')) return;
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || !several) return;
    const across = event.clientX - start.x;
    const down = event.clientY - start.y;
    if (Math.abs(across) < SWIPE_DISTANCE || Math.abs(across) < Math.abs(down)) return;
    // Swiping to the left brings the next photo in from the right, as on a phone's own album.
    step(across < 0 ? 1 : -1);
  };

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950" />
      <Dialog.Content
        onKeyDown={onKeyDown}
        className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
      >
        <div className="flex items-center gap-4 p-3 sm:p-4">
          <Dialog.Title className="min-w-0 flex-1 truncate text-base font-semibold">
            Photos of {title}
          </Dialog.Title>
          <Dialog.Description className="sr-only">
            {several
              ? 'Use Previous and Next, the arrow keys, or swipe to see every photo.'
              : 'The listing’s photo, full screen.'}
          </Dialog.Description>
          {several && (
            <p aria-live="polite" className="shrink-0 text-sm font-semibold tabular-nums">
              <span aria-hidden="true">{photoCounterText(index, count)}</span>
              <span className="sr-only">{photoPositionText(index, count)}</span>
            </p>
          )}
          <Dialog.Close className={ROUND_BUTTON} aria-label="Close photos">
            <CloseIcon />
          </Dialog.Close>
        </div>

        {/* biome-ignore lint/a11y/noStaticElementInteractions: a swipe is a shortcut for touch; Previous, Next and the arrow keys do the same. */}
        <div
          className="relative flex min-h-0 flex-1 touch-pan-y touch-pinch-zoom items-center justify-center select-none"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            swipeStart.current = null;
          }}
          onDragStart={(event) => event.preventDefault()}
        >
          <ListingPicture
            photo={photo}
            sizes="100vw"
            priority
            fit="contain"
            placeholderImage={() => placeholderImage(photo.placeholder)}
            className="size-full"
          />
          {several && (
            <>
              <button
                type="button"
                onClick={() => step(-1)}
                aria-label="Previous photo"
                className={`${ROUND_BUTTON} absolute top-1/2 left-2 -translate-y-1/2 sm:left-4`}
              >
                <PreviousIcon />
              </button>
              <button
                type="button"
                onClick={() => step(1)}
                aria-label="Next photo"
                className={`${ROUND_BUTTON} absolute top-1/2 right-2 -translate-y-1/2 sm:right-4`}
              >
                <NextIcon />
              </button>
            </>
          )}
        </div>

        <p className="min-h-14 px-4 py-4 text-center text-stone-100">{photo.caption}</p>

        {/* The photos either side, fetched now so moving on shows them at once. */}
        <div hidden>
          {neighbours.map((neighbour) => (
            <ListingPicture
              key={neighbour.url}
              photo={neighbour}
              alt=""
              sizes="100vw"
              loading="eager"
              fit="contain"
            />
          ))}
        </div>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
