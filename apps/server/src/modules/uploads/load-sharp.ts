import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded on the first image the server handles: libvips and its thread pool take memory
 * that a server nobody uploads to has no use for. Its operation cache stays off: every upload
 * is a new picture, so cached decodes of earlier ones would only hold memory. Each operation
 * runs on one thread, and an image's operations one after another (uploads.service.ts), so an
 * image being processed takes one core: IMAGE_WORKERS bounds the cores images take, and the rest
 * stay with the requests (and Node's thread pool with sign-ins' password hashing).
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
