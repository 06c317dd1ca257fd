import type { ListingPhoto } from '@keyhaven/shared';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { ListingPicture } from '@/components/listing/listing-picture';
import { cn } from '@/lib/cn';
import { photoCounterText, photoPositionText } from '../lib/photo-position';
import { placeholderImage } from '../lib/placeholder-image';
import { ExpandIcon } from './gallery-icons';
import { PhotoViewer } from './photo-viewer';

type PhotoGalleryProps = {
  /** In order, the cover first. */
  photos: ListingPhoto[];
  /** The listing's title: it names the gallery and its full-screen viewer. */
  title: string;
};

/** The large photo spans the page's main column: most of a wide screen, all of a phone's. */
const LARGE_SIZES = '(min-width: 1152px) 46rem, (min-width: 1024px) calc(100vw - 28rem), 100vw';

/**
 * A listing's photos on its page: the one chosen, large, with its caption; a row of thumbnails
 * to choose another; and the large photo opens them all full screen.
 */
export function PhotoGallery({ photos, title }: PhotoGalleryProps) {
  const [chosen, setChosen] = useState(0);
  const [viewing, setViewing] = useState(false);
  const count = photos.length;
  const index = Math.min(chosen, count - 1);
  const photo = photos[index];

  if (!photo) {
    return (
      <ListingPicture
        photo={null}
        sizes={LARGE_SIZES}
        className="aspect-[3/2] w-full rounded-2xl shadow-sm"
      />
    );
  }
  const several = count > 1;

  return (
    <section aria-label={`Photos of ${title}`}>
      <figure>
        <Dialog.Root open={viewing} onOpenChange={setViewing}>
          <Dialog.Trigger asChild>
            <button
              type="button"
              className="group relative block w-full cursor-zoom-in overflow-hidden rounded-2xl shadow-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
            >
              <span className="sr-only">Open full screen: </span>
              <ListingPicture
                photo={photo}
                sizes={LARGE_SIZES}
                priority
                placeholderImage={() => placeholderImage(photo.placeholder)}
              />
              <span
                aria-hidden="true"
                className="absolute right-3 bottom-3 rounded-full bg-stone-950/70 p-2 text-white transition-colors group-hover:bg-stone-950/90"
              >
                <ExpandIcon className="size-5" />
              </span>
            </button>
          </Dialog.Trigger>
          <PhotoViewer photos={photos} index={index} onIndexChange={setChosen} title={title} />
        </Dialog.Root>
        {(several || photo.caption) && (
          <figcaption className="mt-3 flex items-baseline gap-4 text-stone-800">
            {photo.caption && <span className="min-w-0">{photo.caption}</span>}
            {several && (
              <span className="ml-auto shrink-0 text-sm font-semibold text-stone-700 tabular-nums">
                <span aria-hidden="true">{photoCounterText(index, count)}</span>
                <span className="sr-only">{photoPositionText(index, count)}</span>
              </span>
            )}
          </figcaption>
        )}
      </figure>

      {several && (
        <ul
          aria-label="All photos"
          className="-mx-1 mt-3 flex gap-2 overflow-x-auto px-1 pt-1 pb-2"
        >
          {photos.map((thumbnail, position) => (
            <li key={thumbnail.url} className="shrink-0">
              <button
                type="button"
                aria-label={`${photoPositionText(position, count)}: ${thumbnail.alt}`}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => setChosen(position)}
                className={cn(
                  'block w-20 cursor-pointer overflow-hidden rounded-lg ring-offset-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-700 sm:w-28',
                  position === index ? 'ring-3 ring-teal-700' : 'opacity-80 hover:opacity-100',
                )}
              >
                <ListingPicture
                  photo={thumbnail}
                  alt=""
                  sizes="(min-width: 640px) 7rem, 5rem"
                  withTheApp
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
