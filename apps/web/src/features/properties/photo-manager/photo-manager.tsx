import { PHOTO_LIMITS } from '@keyhaven/shared/constants';
import { PHOTO_MESSAGES } from '@keyhaven/shared/texts';
import {
  type ChangeEvent,
  type DragEvent,
  type Ref,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { FieldError } from '@/components/ui/field';
import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/cn';
import { checkImageFile, uploadFailure, uploadImageWithProgress } from '@/lib/upload-image';
import { draftOfFile, type PhotoDraft } from './photo-draft';
import { focusIdOf, PhotoTile, type TileControl, type UploadState } from './photo-tile';

type PhotoForm = { photos: PhotoDraft[] };

type PhotoManagerProps<Values extends PhotoForm> = {
  form: UseFormReturn<Values, unknown, unknown>;
  /** The Add photos button, which a form focuses when its only problem is the photos. */
  addButtonRef?: Ref<HTMLButtonElement>;
  /**
   * The file field's name, for a form that posts its photos to its page when the app has not
   * started (Add Property): until then the field itself is the picker, and the files go with the
   * form in the order chosen.
   */
  name?: string;
};

/** What a tile being dragged carries, told apart from files dropped from the desktop. */
const PHOTO_DRAG_TYPE = 'application/x-keyhaven-photo';

const isBlob = (url: string) => url.startsWith('blob:');

const idList = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ');

/** The file field as a visible control, before the app has started. */
const plainFieldStyles =
  'block w-full min-w-0 cursor-pointer text-sm text-stone-700 file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-teal-700 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-teal-800 hover:file:bg-teal-50';

/**
 * A listing's photos in a form: chosen several at a time (file picker or drop), each checked and
 * uploaded at once with its progress, then described, captioned and put in order, the cover
 * first. Every move is read out, and focus stays on the control that made it. Until the app has
 * started, the file field stands alone as a plain one; files chosen in it then are the app's
 * first photos once it starts (the page's early-interaction holder tells it of them).
 */
export function PhotoManager<Values extends PhotoForm>({
  form,
  addButtonRef,
  name,
}: PhotoManagerProps<Values>) {
  // The manager reads and writes only `photos`, whatever else the form holds.
  const { control, register, getValues, setValue, trigger, formState } =
    form as unknown as UseFormReturn<PhotoForm>;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'photos' });
  const photos = useWatch({ control, name: 'photos' });
  const [uploads, setUploads] = useState<Record<string, UploadState>>({});
  const [refusals, setRefusals] = useState<string[]>([]);
  const [announcement, setAnnouncementState] = useState({ text: '', count: 0 });
  // The same words twice (two moves to one position) are still a change a screen reader reads.
  const setAnnouncement = (text: string) =>
    setAnnouncementState((current) => ({ text, count: current.count + 1 }));
  const [dropping, setDropping] = useState(false);
  const [dragged, setDragged] = useState<string | null>(null);
  const transfers = useRef(new Map<string, { file: File; controller: AbortController }>());
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const focusNext = useRef<string | null>(null);
  const submitted = useRef(false);
  submitted.current = formState.isSubmitted;
  const plain = !useHydrated();
  const id = useId();
  const hintId = `${id}-hint`;
  const refusalsId = `${id}-refusals`;
  const errorId = `${id}-error`;

  const photosError = formState.errors.photos;
  const managerError = photosError?.message ?? photosError?.root?.message;

  // Leaving the form cancels the uploads still on their way and frees the chosen files' previews.
  useEffect(() => {
    const pending = transfers.current;
    return () => {
      for (const { controller } of pending.values()) controller.abort();
      for (const photo of getValues('photos') ?? []) {
        if (isBlob(photo.preview)) URL.revokeObjectURL(photo.preview);
      }
    };
  }, [getValues]);

  useLayoutEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const controls = list.current?.querySelectorAll<HTMLElement>('[data-focus-id]') ?? [];
    const found = [...controls].find((element) => element.dataset.focusId === target);
    found?.focus();
  });

  const indexOf = (key: string) => getValues('photos').findIndex((photo) => photo.key === key);

  const setUpload = (key: string, change: Partial<UploadState>) =>
    setUploads((current) => {
      const before = current[key];
      return before ? { ...current, [key]: { ...before, ...change } } : current;
    });

  const forget = (key: string) => {
    transfers.current.get(key)?.controller.abort();
    transfers.current.delete(key);
    setUploads(({ [key]: _, ...rest }) => rest);
  };

  /** Whatever the form said about the photos is said again once an upload settles. */
  const recheck = () => {
    if (submitted.current) void trigger('photos');
  };

  const send = (key: string, file: File) => {
    const controller = new AbortController();
    transfers.current.set(key, { file, controller });
    setUploads((current) => ({
      ...current,
      [key]: { fileName: file.name, sent: 0, problem: null },
    }));
    uploadImageWithProgress(file, 'listing', {
      signal: controller.signal,
      onProgress: (sent) => setUpload(key, { sent }),
    }).then(
      (uploaded) => {
        const index = indexOf(key);
        if (index < 0) return;
        const preview = getValues(`photos.${index}.preview`);
        if (isBlob(preview)) URL.revokeObjectURL(preview);
        forget(key);
        setValue(`photos.${index}.url`, uploaded.url, { shouldDirty: true });
        setValue(`photos.${index}.preview`, uploaded.thumbnailUrl);
        setValue(`photos.${index}.upload`, 'done');
        recheck();
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const index = indexOf(key);
        if (index < 0) return;
        setUpload(key, { problem: uploadFailure(error) });
        setValue(`photos.${index}.upload`, 'failed');
        recheck();
      },
    );
  };

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    const refused: string[] = [];
    const fitting: File[] = [];
    for (const file of files) {
      const problem = checkImageFile(file);
      if (problem) refused.push(`${file.name}: ${problem.title}: ${problem.message}`);
      else fitting.push(file);
    }
    const left = Math.max(0, PHOTO_LIMITS.maxPerListing - getValues('photos').length);
    if (fitting.length > left) refused.push(PHOTO_MESSAGES.overLimit(left));
    const added = fitting.slice(0, left);
    setRefusals(refused);
    if (added.length === 0) return;
    const drafts = added.map(draftOfFile);
    append(drafts, { shouldFocus: false });
    drafts.forEach((draft, index) => {
      const file = added[index];
      if (file) send(draft.key, file);
    });
    setAnnouncement(
      added.length === 1 ? 'Uploading 1 photo.' : `Uploading ${added.length} photos.`,
    );
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles([...(event.target.files ?? [])]);
    // The same file can be chosen again after it was removed.
    event.target.value = '';
  };

  const movePhoto = (from: number, to: number, focusOn: TileControl | null) => {
    const count = getValues('photos').length;
    if (from === to || to < 0 || to >= count) return;
    const key = getValues(`photos.${from}.key`);
    move(from, to);
    focusNext.current = focusOn && focusIdOf(key, focusOn);
    setAnnouncement(
      focusOn === 'cover'
        ? `Photo ${from + 1} is now the cover.`
        : `Photo moved to position ${to + 1} of ${count}.${to === 0 ? ' It is now the cover.' : ''}`,
    );
  };

  const removePhoto = (index: number) => {
    const current = getValues('photos');
    const photo = current[index];
    if (!photo) return;
    forget(photo.key);
    if (isBlob(photo.preview)) URL.revokeObjectURL(photo.preview);
    remove(index);
    // Focus moves to the photo that takes this one's place, else the one before, else Add photos.
    const neighbour = current[index + 1] ?? current[index - 1];
    if (neighbour) focusNext.current = focusIdOf(neighbour.key, 'remove');
    else list.current?.querySelector<HTMLElement>('[data-add-photos]')?.focus();
    const left = current.length - 1;
    setAnnouncement(
      `Photo ${index + 1} removed. ${left === 0 ? 'No photos' : left === 1 ? '1 photo' : `${left} photos`} left.`,
    );
  };

  const retry = (index: number) => {
    const photo = getValues(`photos.${index}`);
    const file = photo && transfers.current.get(photo.key)?.file;
    if (!file) return;
    setValue(`photos.${index}.upload`, 'sending');
    focusNext.current = focusIdOf(photo.key, 'remove');
    send(photo.key, file);
  };

  const onZoneDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropping(true);
  };

  const onZoneDrop = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDropping(false);
    addFiles([...event.dataTransfer.files]);
  };

  const onTileDrop = (to: number) => (event: DragEvent) => {
    const key = event.dataTransfer.getData(PHOTO_DRAG_TYPE);
    if (!key) return;
    event.preventDefault();
    setDragged(null);
    movePhoto(indexOf(key), to, null);
  };

  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold text-stone-800">Photos</legend>
      <div ref={list} className="mt-1.5 flex flex-col gap-4">
        {plain ? (
          <p id={hintId} className="text-sm text-stone-600">
            Up to {PHOTO_LIMITS.maxPerListing} photos: JPG, PNG, GIF or WEBP, up to 5 MB each and{' '}
            {PHOTO_LIMITS.postedTogetherMaxBytes / (1024 * 1024)} MB together. The first chosen is
            the cover buyers see first; the others follow in the order chosen.
          </p>
        ) : (
          <p id={hintId} className="text-sm text-stone-600">
            Up to {PHOTO_LIMITS.maxPerListing} photos: JPG, PNG, GIF or WEBP, up to 5 MB each. The
            first is the cover buyers see first; drag a photo or use its buttons to change the
            order.
          </p>
        )}
        {/* Choosing, dropping and ordering are the app's: the button comes with it. */}
        {!plain && (
          <button
            ref={addButtonRef}
            type="button"
            data-add-photos
            aria-describedby={idList(
              hintId,
              refusals.length > 0 && refusalsId,
              managerError && errorId,
            )}
            onClick={() => fileInput.current?.click()}
            onDragOver={onZoneDragOver}
            onDragLeave={() => setDropping(false)}
            onDrop={onZoneDrop}
            className={cn(
              'flex min-h-28 w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-stone-400 bg-stone-50 p-4 text-center hover:border-teal-700 hover:bg-teal-50',
              dropping && 'border-teal-700 bg-teal-50',
              managerError && 'border-red-700',
            )}
          >
            <span className="font-semibold text-teal-800">Add photos</span>
            <span aria-hidden="true" className="text-sm text-stone-600">
              Drop them here, or press to choose files
            </span>
          </button>
        )}
        <input
          ref={fileInput}
          type="file"
          name={name}
          multiple
          accept="image/*"
          tabIndex={plain ? undefined : -1}
          aria-label="Photo files"
          aria-invalid={plain && managerError ? true : undefined}
          aria-describedby={
            plain
              ? idList(hintId, managerError && errorId)
              : idList(hintId, refusals.length > 0 && refusalsId)
          }
          onChange={onChoose}
          className={plain ? plainFieldStyles : 'sr-only'}
        />
        <div role="alert">
          {refusals.length > 0 && (
            <ul id={refusalsId} className="flex flex-col gap-1">
              {refusals.map((refusal) => (
                <li key={refusal}>
                  <FieldError>{refusal}</FieldError>
                </li>
              ))}
            </ul>
          )}
        </div>
        {managerError && <FieldError id={errorId}>{managerError}</FieldError>}
        <p role="status" className="sr-only">
          {announcement.text}
          {announcement.count % 2 === 1 ? '\u00a0' : ''}
        </p>

        {fields.length > 0 && (
          <ol className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3">
            {fields.map((field, index) => {
              // Right after a move the watched values may still be in the old order.
              const photo = photos.find((watched) => watched.key === field.key) ?? field;
              const photoErrors = photosError?.[index];
              return (
                <PhotoTile
                  key={field.id}
                  photo={photo}
                  position={index + 1}
                  count={fields.length}
                  upload={uploads[photo.key]}
                  errors={{
                    url: photoErrors?.url?.message,
                    alt: photoErrors?.alt?.message,
                    caption: photoErrors?.caption?.message,
                  }}
                  altField={register(`photos.${index}.alt`)}
                  captionField={register(`photos.${index}.caption`)}
                  dragged={dragged === photo.key}
                  onMove={(to, focusOn) => movePhoto(index, to, focusOn)}
                  onRemove={() => removePhoto(index)}
                  onRetry={() => retry(index)}
                  onDragStart={(event) => {
                    event.dataTransfer.setData(PHOTO_DRAG_TYPE, photo.key);
                    event.dataTransfer.effectAllowed = 'move';
                    setDragged(photo.key);
                  }}
                  onDragEnd={() => setDragged(null)}
                  onDragOver={(event) => {
                    if (!event.dataTransfer.types.includes(PHOTO_DRAG_TYPE)) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                  }}
                  onDrop={onTileDrop(index)}
                />
              );
            })}
          </ol>
        )}
      </div>
    </fieldset>
  );
}
