import { mkdir } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import {
  IMAGE_MAX_PIXELS,
  LIMITS,
  MESSAGES,
  ZUploadQuery,
  ZUploadResponse,
} from '@keyhaven/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalidField } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { forgetListings } from '../listing-search/index.js';
import { imagePipelineFor } from './image-pipeline.js';
import { CACHE_FOREVER, isStorageKey, UPLOADS_URL_PREFIX } from './image-storage.js';
import { sweepUnreferencedUploads } from './upload-references.js';
import { type Sweeper, startSweeper } from './upload-sweeper.js';
import { upgradeOldUploads } from './upload-upgrade.js';
import { saveImage } from './uploads.service.js';
import { BUSY_RETRY_AFTER_SECONDS, QueueFullError, UploadsInProgressError } from './work-queue.js';

const IMAGE_FIELD = 'image';
export const MISSING_IMAGE_MESSAGE = 'Please choose an image to upload.';
export const NOT_MULTIPART_MESSAGE = `Send the image as multipart/form-data in the field "${IMAGE_FIELD}".`;
const ONE_IMAGE_MESSAGE = `Please upload one image, in the field "${IMAGE_FIELD}".`;
const MALFORMED_MESSAGE = 'The upload could not be read. Please try again.';

const missingImage = () => invalidField(IMAGE_FIELD, MISSING_IMAGE_MESSAGE);

/** Turns the multipart parser's failures into the answers the client understands. */
function uploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', MESSAGES.upload.tooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('VALIDATION_FAILED', ONE_IMAGE_MESSAGE);
    default:
      // Busboy's complaints about a broken body (no boundary, cut-off part) carry no status.
      return new AppError('VALIDATION_FAILED', MALFORMED_MESSAGE);
  }
}

/**
 * The bytes of the `image` file. Other fields are ignored: clients written for an image-hosting
 * service also send their `key`.
 */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== IMAGE_FIELD) {
        part.file.resume();
        continue;
      }
      image = await part.toBuffer();
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!image) throw missingImage();
  return image;
}

/** A busy answer says when to come back. */
function busy(reply: FastifyReply, error: AppError): never {
  reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
  throw error;
}

const megapixels = (pixels: number) => pixels / 1_000_000;

/**
 * Image uploads and the files they produce. Multipart parsing is registered in this scope only,
 * so no other route accepts file bodies.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { queue, storage } = imagePipelineFor(app.config);
  // A folder that cannot be made stops the start, not the first upload.
  if (app.config.storage.driver === 'local') {
    await mkdir(app.config.storage.dir, { recursive: true });
  }

  // Uploads nothing refers to a day later are removed (files and rows). Every instance sweeps;
  // the check and the delete are one statement, so two sweeps at once remove each upload once.
  let sweeper: Sweeper | undefined;
  let closing = false;
  let upgrading: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    // Old uploads get their missing variants in the background: the server answers meanwhile.
    upgrading = upgradeOldUploads({
      db: app.database.maintenance,
      pipeline: imagePipelineFor(app.config),
      log: app.log,
      onListingsChanged: () => forgetListings(app.listingCache),
      stopped: () => closing,
    }).catch((error: unknown) => app.log.warn({ err: error }, 'old uploads not redone'));
    sweeper = startSweeper(
      () =>
        app.uploadSweepHold.sweep(async () => {
          const removed = await sweepUnreferencedUploads(app.database.maintenance, storage);
          if (removed > 0) app.log.info({ removed }, 'abandoned uploads removed');
        }),
      (error) => app.log.warn({ err: error }, 'upload sweep failed'),
    );
  });
  app.addHook('onClose', async () => {
    closing = true;
    await Promise.all([sweeper?.stop(), upgrading]);
  });

  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.photoMaxBytes,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 20,
    },
  });

  app.post(
    '/api/uploads',
    {
      config: { access: 'signed-in', rateLimit: { max: 20, timeWindow: '1 minute' } },
      // After the rate limit counts the request and before any body parsing: nothing is read
      // from anonymous callers, nothing but multipart from anyone, and nothing at all while the
      // image queue is full.
      preParsing: async (request, reply) => {
        const caller = await request.requireUser();
        const type = request.headers['content-type']?.toLowerCase() ?? '';
        if (!type.startsWith('multipart/form-data')) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_MULTIPART_MESSAGE);
        }
        const refused = queue.refusal(caller.id);
        if (refused) busy(reply, refused);
      },
      schema: {
        tags: ['uploads'],
        summary: 'Upload an image',
        description: [
          'Send `multipart/form-data` with one file in the field `image`: a JPG, PNG, GIF or WEBP',
          `of at most 5 MB and ${megapixels(IMAGE_MAX_PIXELS.avatar)} megapixels for \`purpose=avatar\``,
          `(a profile photo) or ${megapixels(IMAGE_MAX_PIXELS.listing)} megapixels for \`purpose=listing\``,
          '(the default). The type is judged by the file contents, not its name or declared type,',
          'and the size by its header, before anything is decoded. The image is turned upright and',
          're-encoded without any metadata (no camera, no GPS position) to AVIF and WebP at 480, 960',
          'and 1600 px wide (never enlarged), stored as `/uploads/<key>-<width>.<avif|webp>`, and to a',
          '256 x 192 JPEG for e-mails (`/uploads/<key>-256.jpg`, cropped to that box); `url` is',
          'the 1600 px WebP, `thumbnailUrl` the 480 px one, `width` and `height` the widest variant’s,',
          '`placeholder` a ThumbHash (base64) to paint while it loads; an animated GIF keeps its first',
          'frame. Signed-in users only (registration sends the',
          'photo once the account exists); 20 uploads a minute per address. An upload that no',
          'listing or profile refers to is removed after a day.',
          '',
          '400: no `image` file, or a broken multipart body. 401: not signed in. 413: over 5 MB, or',
          'over the megapixels of its purpose. 415: the request is not multipart, the file is not',
          'a readable JPG, PNG, GIF or WEBP image, or it is a JPEG of more than 100 scans. 429 (with',
          '`Retry-After`): over the address limit, or the caller already has one image processing',
          'and two waiting. 503 (with `Retry-After`): too many images are being processed; try',
          'again shortly.',
        ].join('\n'),
        consumes: ['multipart/form-data'],
        querystring: ZUploadQuery,
        // Documents the form; the body itself is read from the stream, never validated here.
        body: z.object({ [IMAGE_FIELD]: z.file() }).nullish(),
        response: { 200: ZUploadResponse, ...errorResponses(400, 401, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const caller = await request.requireUser();
      const image = await readImageField(request);
      const stored = await saveImage(app.db, storage, image, {
        ownerId: caller.id,
        purpose: request.query.purpose,
        queue,
      }).catch((error: unknown) => {
        if (error instanceof QueueFullError || error instanceof UploadsInProgressError) {
          busy(reply, error);
        }
        throw error;
      });
      return {
        success: true as const,
        data: {
          url: stored.url,
          thumbnailUrl: stored.thumbnailUrl,
          width: stored.width,
          height: stored.height,
          placeholder: stored.placeholder,
        },
      };
    },
  );

  // Only names we could have written: no directories, temporary files or anything else. A
  // file is read through the storage, so every instance serves what any of them stored; with a
  // public bucket address the browser is sent there instead.
  app.get(
    `${UPLOADS_URL_PREFIX}*`,
    { schema: { hide: true }, config: { access: 'public' } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isStorageKey(key)) return reply.callNotFound();
      const redirect = storage.redirectFor(key);
      if (redirect) {
        reply.header('cache-control', CACHE_FOREVER);
        return reply.redirect(redirect, 301);
      }
      const file = await storage.read(key);
      if (!file) return reply.callNotFound();
      return reply
        .header('cache-control', CACHE_FOREVER)
        .header('content-type', file.contentType)
        .header('content-length', String(file.length))
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};
