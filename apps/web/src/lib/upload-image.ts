import type { ImagePurpose, UploadResponse } from '@keyhaven/shared';
import { IMAGE_MAX_PIXELS, LIMITS, UPLOAD_MIME_TYPES } from '@keyhaven/shared/constants';
import { MESSAGES } from '@keyhaven/shared/texts';
import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { ApiError, apiUpload, refusalOf, sessionMark } from './api-client';
import type { ContractTwin } from './contract-twins';
import { fitImage } from './fit-image';

const UPLOADS_PATH = '/api/uploads';

const uploadResponseTwin = v.object({
  success: v.literal(true),
  data: v.object({
    url: v.string(),
    thumbnailUrl: v.string(),
    width: v.number(),
    height: v.number(),
    placeholder: v.string(),
  }),
});
const ZUploadResponse: ContractTwin<typeof uploadResponseTwin, UploadResponse> = uploadResponseTwin;

export type UploadedImage = UploadResponse['data'];

/**
 * What a failed upload raises, in the spec's words ('Image upload failed'); why it failed (the
 * server's refusal, or a connection lost) is its `cause`, which `uploadFailure` reads.
 */
export class ImageUploadError extends Error {
  override readonly name = 'ImageUploadError';

  constructor(cause: unknown) {
    super('Image upload failed', { cause });
  }
}
export type UploadProblem = { title: string; message: string };

/** Why a file cannot be uploaded (type or size, checked before sending); `null` when it can. */
export function checkImageFile(file: File): UploadProblem | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) {
    return { title: MESSAGES.upload.invalidTypeTitle, message: MESSAGES.upload.invalidType };
  }
  if (file.size > LIMITS.photoMaxBytes) {
    return { title: MESSAGES.upload.tooLargeTitle, message: MESSAGES.upload.tooLarge };
  }
  return null;
}

/**
 * Sends one image as multipart (field `image`) for a purpose, which sets its pixel limit; a
 * larger picture is scaled down here first. The server stores it in several widths and formats.
 * Uploading takes a signed-in user (registration sends the photo once the account exists).
 */
export async function uploadImage(file: File, purpose: ImagePurpose): Promise<UploadedImage> {
  const form = new FormData();
  form.append('image', await fitImage(file, IMAGE_MAX_PIXELS[purpose]));
  try {
    const { data } = await apiUpload(UPLOADS_PATH, {
      form,
      query: { purpose },
      schema: ZUploadResponse,
    });
    return data;
  } catch (error) {
    throw new ImageUploadError(error);
  }
}

/**
 * Photos sent at once from this page. The server works one image of an account at a time and
 * keeps at most two more waiting (anything beyond is refused, so one account cannot take the
 * image workers from everyone); an agent choosing twenty photos has them sent two at a time,
 * which keeps the server busy with theirs and never meets that refusal.
 */
const UPLOADS_AT_ONCE = 2;
let uploadsUnderway = 0;
const waitingForATurn: Array<() => void> = [];

async function takeATurn(signal: AbortSignal): Promise<() => void> {
  if (uploadsUnderway >= UPLOADS_AT_ONCE) {
    await new Promise<void>((resolve, reject) => {
      const start = () => {
        signal.removeEventListener('abort', cancel);
        resolve();
      };
      const cancel = () => {
        waitingForATurn.splice(waitingForATurn.indexOf(start), 1);
        reject(signal.reason);
      };
      waitingForATurn.push(start);
      signal.addEventListener('abort', cancel, { once: true });
    });
  }
  uploadsUnderway += 1;
  return () => {
    uploadsUnderway -= 1;
    waitingForATurn.shift()?.();
  };
}

type UploadProgress = {
  /** How much of the file has reached the server, from 0 to 1. */
  onProgress: (sent: number) => void;
  /** Cancels the upload (the photo was removed while it was on its way). */
  signal: AbortSignal;
};

/**
 * `uploadImage` for a listing's photos, which report how far each upload has got: `fetch` tells
 * nothing of a request body on its way, `XMLHttpRequest` does. It fails as `uploadImage` does
 * (an `ApiError` for a refusal, signing out on a 401 or 403), and with the signal's reason when
 * cancelled.
 */
export async function uploadImageWithProgress(
  file: File,
  purpose: ImagePurpose,
  { onProgress, signal }: UploadProgress,
): Promise<UploadedImage> {
  const form = new FormData();
  form.append('image', await fitImage(file, IMAGE_MAX_PIXELS[purpose]));
  signal.throwIfAborted();
  const done = await takeATurn(signal);
  const sentIn = sessionMark();
  let answered: { status: number; payload: unknown };
  try {
    answered = await postWithProgress(
      `${UPLOADS_PATH}?purpose=${purpose}`,
      form,
      onProgress,
      signal,
    ).finally(done);
  } catch (error) {
    // A cancelled upload did not fail: it ends with the signal's reason.
    throw signal.aborted ? error : new ImageUploadError(error);
  }
  const { status, payload } = answered;
  if (status < 200 || status > 299) {
    throw new ImageUploadError(await refusalOf(status, payload, sentIn));
  }
  const answer = v.safeParse(uploadResponseTwin, payload);
  if (!answer.success) {
    throw new ImageUploadError(new Error(`Unexpected response from POST ${UPLOADS_PATH}`));
  }
  return answer.output.data;
}

function postWithProgress(
  path: string,
  form: FormData,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
): Promise<{ status: number; payload: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () =>
      resolve({ status: request.status, payload: parseAnswer(request.responseText) }),
    );
    request.addEventListener('error', () =>
      reject(new Error(`POST ${path} did not reach the server`)),
    );
    request.addEventListener('abort', () => reject(signal.reason));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

function parseAnswer(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A failed upload's title and text: the server's reason for a refused file, else the catalogue's. */
export function uploadFailure(failure: unknown): UploadProblem {
  const { upload } = MESSAGES;
  const error = failure instanceof ImageUploadError ? failure.cause : failure;
  if (error instanceof ApiError && error.code) {
    if (error.status === 415) return { title: upload.invalidTypeTitle, message: error.message };
    if (error.status === 413) return { title: upload.tooLargeTitle, message: error.message };
    // Too many uploads from this address, or too many images being processed right now.
    if (error.status === 429 || error.status === 503) {
      return { title: upload.failedTitle, message: error.message };
    }
  }
  return { title: upload.failedTitle, message: upload.failed };
}

export const useUploadImage = (purpose: ImagePurpose) =>
  useMutation({ mutationFn: (file: File) => uploadImage(file, purpose) });
