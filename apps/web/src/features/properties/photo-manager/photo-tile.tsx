import { PHOTO_LIMITS } from '@keyhaven/shared/constants';
import { type DragEvent, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { UploadProblem } from '@/lib/upload-image';
import type { PhotoDraft } from './photo-draft';

/** The controls focus returns to after their photo moved (the tile's DOM node may move too). */
export type TileControl = 'up' | 'down' | 'cover' | 'remove' | 'retry';

/** How far a photo's upload has got, and why it failed if it did. */
export type UploadState = { fileName: string; sent: number; problem: UploadProblem | null };

type PhotoTileProps = {
  photo: PhotoDraft;
  position: number;
  count: number;
  upload: UploadState | undefined;
  errors: { url?: string; alt?: string; caption?: string };
  altField: UseFormRegisterReturn;
  captionField: UseFormRegisterReturn;
  dragged: boolean;
  onMove: (to: number, control: TileControl) => void;
  onRemove: () => void;
  onRetry: () => void;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
};

/** Names a tile's control so focus can find it again after the photos are reordered. */
export const focusIdOf = (key: string, control: TileControl) => `${key} ${control}`;

/**
 * One photo of the manager: its preview, what it shows and its caption, how its upload goes, and
 * the buttons that move it. A button that cannot act here (Move up on the cover) stays focusable
 * and says so, so focus is never lost when a photo reaches either end.
 */
export function PhotoTile({
  photo,
  position,
  count,
  upload,
  errors,
  altField,
  captionField,
  dragged,
  onMove,
  onRemove,
  onRetry,
  onDragStart,
  onDragEnd,
  onDragOver,
  onDrop,
}: PhotoTileProps) {
  const headingId = useId();
  const cover = position === 1;
  const which = `, photo ${position}`;
  const sent = Math.round((upload?.sent ?? 0) * 100);

  return (
    <li
      aria-labelledby={headingId}
      data-photo-key={photo.key}
      onDragOver={onDragOver}
      onDrop={onDrop}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-xl border border-sand bg-white p-3 shadow-sm',
        dragged && 'opacity-50',
      )}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging is a pointer's shortcut for the Move buttons below, which keyboards and screen readers use */}
      <div
        className="relative cursor-grab active:cursor-grabbing"
        draggable
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
      >
        <img
          src={photo.preview}
          alt=""
          width={480}
          height={320}
          draggable={false}
          className="aspect-[3/2] w-full rounded-lg bg-sand object-cover"
        />
        {cover && (
          <span className="absolute top-2 left-2 rounded-full bg-teal-800 px-2.5 py-0.5 text-xs font-semibold text-white shadow">
            Cover
          </span>
        )}
      </div>
      <h3 id={headingId} className="text-sm font-semibold text-stone-800">
        Photo {position} of {count}
      </h3>

      {photo.upload === 'sending' && (
        <div>
          <div
            role="progressbar"
            aria-label={`Upload${which}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={sent}
            className="h-2 overflow-hidden rounded-full bg-stone-200"
          >
            <div className="h-full bg-teal-700 transition-[width]" style={{ width: `${sent}%` }} />
          </div>
          <p className="mt-1 truncate text-sm text-stone-600">
            Uploading {upload?.fileName}: {sent}%
          </p>
        </div>
      )}
      {photo.upload === 'failed' && upload?.problem && (
        <div className="flex flex-col gap-2">
          <FieldError>
            {upload.fileName}: {upload.problem.title}: {upload.problem.message}
          </FieldError>
          <TileButton focusId={focusIdOf(photo.key, 'retry')} which={which} onClick={onRetry}>
            Retry
          </TileButton>
        </div>
      )}
      {errors.url && <FieldError>{errors.url}</FieldError>}

      <Field
        label="Describe this photo"
        hint={
          cover ? 'Required for the cover: what buyers who cannot see it should know.' : undefined
        }
        error={errors.alt}
      >
        {(control) => (
          <Input
            {...control}
            {...altField}
            aria-required={cover || undefined}
            maxLength={PHOTO_LIMITS.altMaxLength}
          />
        )}
      </Field>
      <Field label="Caption (optional)" error={errors.caption}>
        {(control) => (
          <Input {...control} {...captionField} maxLength={PHOTO_LIMITS.captionMaxLength} />
        )}
      </Field>

      <div className="grid grid-cols-2 gap-2">
        <TileButton
          focusId={focusIdOf(photo.key, 'up')}
          which={which}
          unavailable={cover}
          onClick={() => onMove(position - 2, 'up')}
        >
          Move up
        </TileButton>
        <TileButton
          focusId={focusIdOf(photo.key, 'down')}
          which={which}
          unavailable={position === count}
          onClick={() => onMove(position, 'down')}
        >
          Move down
        </TileButton>
        <TileButton
          focusId={focusIdOf(photo.key, 'cover')}
          which={which}
          unavailable={cover}
          onClick={() => onMove(0, 'cover')}
        >
          Make cover
        </TileButton>
        <TileButton
          focusId={focusIdOf(photo.key, 'remove')}
          which={which}
          danger
          onClick={onRemove}
        >
          Remove
        </TileButton>
      </div>
    </li>
  );
}

type TileButtonProps = {
  focusId: string;
  /** Which photo it acts on (', photo 2'), read after the visible words. */
  which: string;
  onClick: () => void;
  /** Cannot act for this photo now; still focusable, so focus stays where it was. */
  unavailable?: boolean;
  danger?: boolean;
  children: string;
};

function TileButton({ focusId, which, onClick, unavailable, danger, children }: TileButtonProps) {
  return (
    <Button
      size="sm"
      variant={danger ? 'dangerOutline' : 'secondary'}
      data-focus-id={focusId}
      aria-label={`${children}${which}`}
      aria-disabled={unavailable || undefined}
      onClick={unavailable ? undefined : onClick}
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
    >
      {children}
    </Button>
  );
}
