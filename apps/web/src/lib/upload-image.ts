import type { ImagePurpose, UploadResponse } from '@keyhaven/shared';
import { IMAGE_MAX_PIXELS, LIMITS, UPLOAD_MIME_TYPES } from '@keyhaven/shared/constants';
import { MESSAGES } from '@keyhaven/shared/texts';
import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { ApiError, apiUpload } from './api-client';
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

type UploadedImage = UploadResponse['data'];
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
 * larger picture is scaled down here first. The server stores a 1600 px and a 480 px WebP.
 * Uploading takes a signed-in user (registration sends the photo once the account exists).
 */
export async function uploadImage(file: File, purpose: ImagePurpose): Promise<UploadedImage> {
  const form = new FormData();
  form.append('image', await fitImage(file, IMAGE_MAX_PIXELS[purpose]));
  const { data } = await apiUpload(UPLOADS_PATH, {
    form,
    query: { purpose },
    schema: ZUploadResponse,
  });
  return data;
}

/** A failed upload's title and text: the server's reason for a refused file, else the catalogue's. */
export function uploadFailure(error: unknown): UploadProblem {
  const { upload } = MESSAGES;
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
