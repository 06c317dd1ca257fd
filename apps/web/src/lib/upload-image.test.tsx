import { MESSAGES } from '@keyhaven/shared/texts';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, refusal } from '@/test/fake-api';
import { configureApiClient } from './api-client';
import { uploadFailure, uploadImage, uploadImageWithProgress } from './upload-image';

const photo = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], 'front.jpg', { type: 'image/jpeg' });
const TOO_MANY = 'You are sending too many images at once. Please wait a moment.';

describe('a failed upload', () => {
  configureApiClient({ onUnauthorized: vi.fn() });

  it("raises 'Image upload failed', and its toast still says the catalogue's words", async () => {
    fakeApi({
      'POST /api/uploads?purpose=avatar': refusal(500, 'Something went wrong', 'INTERNAL'),
    });
    const failure = await uploadImage(photo(), 'avatar').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('Image upload failed');
    expect(uploadFailure(failure)).toEqual({
      title: MESSAGES.upload.failedTitle,
      message: MESSAGES.upload.failed,
    });
  });

  it("raises 'Image upload failed' for a listing's photo too, keeping the server's reason for a refusal", async () => {
    fakeApi({ 'POST /api/uploads?purpose=listing': refusal(429, TOO_MANY, 'RATE_LIMITED') });
    const failure = await uploadImageWithProgress(photo(), 'listing', {
      onProgress: () => {},
      signal: new AbortController().signal,
    }).catch((error: unknown) => error);
    expect((failure as Error).message).toBe('Image upload failed');
    expect(uploadFailure(failure)).toEqual({
      title: MESSAGES.upload.failedTitle,
      message: TOO_MANY,
    });
  });
});
