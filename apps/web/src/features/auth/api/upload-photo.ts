import { LIMITS, MESSAGES, UPLOAD_MIME_TYPES, type UploadResponse } from '@keyhaven/shared';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ApiError, UnexpectedResponseError } from '@/lib/api-client';

const UPLOADS_PATH = '/api/uploads';

const ZUploadResponse: z.ZodMiniType<UploadResponse> = z.object({
  success: z.literal(true),
  data: z.object({
    url: z.string(),
    thumbnailUrl: z.string(),
    width: z.number(),
    height: z.number(),
  }),
});

const ZErrorBody = z.object({ error: z.string(), code: z.string() });

export type UploadedImage = UploadResponse['data'];

/** Why a file cannot be uploaded, as a popup's title and text; `null` when it can be. */
export function checkImageFile(file: File): { title: string; message: string } | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) {
    return { title: MESSAGES.upload.invalidTypeTitle, message: MESSAGES.upload.invalidType };
  }
  if (file.size > LIMITS.photoMaxBytes) {
    return { title: MESSAGES.upload.tooLargeTitle, message: MESSAGES.upload.tooLarge };
  }
  return null;
}

/**
 * Sends one image as `multipart/form-data` (field `image`). The API client speaks only JSON, so
 * this is a plain fetch that fails the same way: with an `ApiError` carrying the server's words.
 * Anyone may upload (registration needs a photo before the account exists), so a 401 or 403
 * here says nothing about the session.
 */
export async function uploadPhoto(file: File, signal?: AbortSignal): Promise<UploadedImage> {
  const body = new FormData();
  body.append('image', file);
  const response = await fetch(UPLOADS_PATH, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  const payload: unknown = await response.json().catch(() => undefined);

  if (!response.ok) {
    const parsed = z.safeParse(ZErrorBody, payload);
    if (parsed.success) throw new ApiError(response.status, parsed.data.error, parsed.data.code);
    throw new ApiError(response.status, `Upload failed with status ${response.status}`);
  }
  const parsed = z.safeParse(ZUploadResponse, payload);
  if (!parsed.success) {
    throw new UnexpectedResponseError(`Unexpected response from POST ${UPLOADS_PATH}`, {
      cause: parsed.error,
    });
  }
  return parsed.data.data;
}

/** The popup for a failed upload: the server's reason for a refused file, else the spec's text. */
export function uploadFailure(error: unknown): { title: string; message: string } {
  const { upload } = MESSAGES;
  if (error instanceof ApiError && error.code) {
    if (error.status === 415) return { title: upload.invalidTypeTitle, message: error.message };
    if (error.status === 413) return { title: upload.tooLargeTitle, message: error.message };
    if (error.status === 429) return { title: upload.failedTitle, message: error.message };
  }
  return { title: upload.failedTitle, message: upload.failed };
}

export const useUploadPhoto = () => useMutation({ mutationFn: (file: File) => uploadPhoto(file) });
