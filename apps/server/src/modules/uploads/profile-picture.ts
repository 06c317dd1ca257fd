import { LIMITS } from '@keyhaven/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ImagePipeline } from './image-pipeline.js';
import { saveImage } from './uploads.service.js';

const FETCH_TIMEOUT_MS = 5000;
const MAX_REDIRECTS = 3;

export interface PictureCopier {
  /** Our own address for a copy of the picture, or undefined when it cannot be had. */
  copy(url: string): Promise<string | undefined>;
}

export interface PictureCopierOptions {
  db: Database;
  pipeline: ImagePipeline;
  log: FastifyBaseLogger;
  /** Plain http is for local providers in development and tests; production fetches https only. */
  allowHttp: boolean;
  /** The hosts pictures may come from: the provider's own, never any address a claim names. */
  allowedHost: (hostname: string) => boolean;
  fetch?: typeof fetch;
}

class PictureUnavailable extends Error {}

/**
 * The picture's bytes, at most the upload limit, over https (or http when allowed), from an
 * allowed host only: the server fetching whatever address a claim names would let it be pointed
 * at machines inside our network.
 */
async function download(url: string, options: PictureCopierOptions): Promise<Buffer> {
  const fetchImpl = options.fetch ?? fetch;
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    const allowed =
      target.protocol === 'https:' || (options.allowHttp && target.protocol === 'http:');
    if (!allowed) throw new PictureUnavailable(`refused address ${target.protocol}`);
    // Redirects are followed by hand, so every address on the way passes the same check.
    const response = await fetchImpl(target, {
      redirect: 'manual',
      signal,
      headers: { accept: 'image/*' },
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new PictureUnavailable('too many redirects');
      target = new URL(location, target);
      continue;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new PictureUnavailable(`status ${response.status}`);
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > LIMITS.photoMaxBytes) {
      await response.body.cancel();
      throw new PictureUnavailable('too large');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > LIMITS.photoMaxBytes) throw new PictureUnavailable('too large');
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }
}

/**
 * Copies a sign-in provider's profile picture into our storage, through the same checks and
 * queue as an upload, so pages never load it from the provider: that would tell the provider
 * who looks at the person, from where and when. A picture that cannot be had (unreachable,
 * refused, not an image, server busy) leaves the person without one; sign-in goes on.
 */
export function createPictureCopier(options: PictureCopierOptions): PictureCopier {
  return {
    async copy(url) {
      try {
        const bytes = await download(url, options);
        const stored = await saveImage(options.db, options.pipeline.storage, bytes, {
          purpose: 'avatar',
          queue: options.pipeline.queue,
        });
        return stored.url;
      } catch (error) {
        options.log.warn(
          { err: error instanceof PictureUnavailable ? error.message : error },
          'profile picture not copied',
        );
        return undefined;
      }
    },
  };
}
