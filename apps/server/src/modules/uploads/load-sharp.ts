import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded on the first image the server handles: libvips and its thread pool take memory
 * that a server nobody uploads to has no use for. Its operation cache stays off: every upload
 * is a new picture, so cached decodes of earlier ones would only hold memory.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
