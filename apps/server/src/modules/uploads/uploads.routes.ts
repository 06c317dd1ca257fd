import { mkdir } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { LIMITS, MESSAGES, ZErrorResponse, ZUploadResponse } from '@keyhaven/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { createLocalImageStorage, isStorageKey, UPLOADS_URL_PREFIX } from './image-storage.js';
import { saveImage } from './uploads.service.js';

const IMAGE_FIELD = 'image';
export const MISSING_IMAGE_MESSAGE = 'Please choose an image to upload.';
export const NOT_MULTIPART_MESSAGE = `Send the image as multipart/form-data in the field "${IMAGE_FIELD}".`;
const ONE_IMAGE_MESSAGE = `Please upload one image, in the field "${IMAGE_FIELD}".`;
const MALFORMED_MESSAGE = 'The upload could not be read. Please try again.';

const missingImage = () =>
  new AppError('VALIDATION_FAILED', MISSING_IMAGE_MESSAGE, {
    [IMAGE_FIELD]: MISSING_IMAGE_MESSAGE,
  });

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

/** The bytes of the `image` file; other fields (the spec's client also sends `key`) are ignored. */
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

const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/**
 * Image uploads and the files they produce. Multipart parsing is registered in this scope only,
 * so no other route accepts file bodies.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createLocalImageStorage(app.config.uploadsDir);
  await mkdir(app.config.uploadsDir, { recursive: true });

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
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      // After the rate limit counts the request and before any body parsing, so nothing but
      // multipart is ever read here.
      preParsing: async (request) => {
        const type = request.headers['content-type']?.toLowerCase() ?? '';
        if (!type.startsWith('multipart/form-data')) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_MULTIPART_MESSAGE);
        }
      },
      schema: {
        tags: ['uploads'],
        summary: 'Upload an image',
        description: [
          'Send `multipart/form-data` with one file in the field `image`: a JPG, PNG, GIF or WEBP',
          'of at most 5 MB and 40 megapixels. The type is judged by the file contents, not its name',
          'or declared type. The image is re-encoded to WebP without metadata, at most 1600 px wide',
          '(`url`) and 480 px wide (`thumbnailUrl`); `width` and `height` are the large rendition’s.',
          'Anyone may call it (registration uploads the photo before the account exists); 20 uploads',
          'a minute per address.',
          '',
          '400: no `image` file, or a broken multipart body. 413: over 5 MB, or over 40 megapixels.',
          '415: the request is not multipart, or the file is not a readable JPG, PNG, GIF or WEBP image.',
        ].join('\n'),
        consumes: ['multipart/form-data'],
        // Documents the form; the body itself is read from the stream, never validated here.
        body: z.object({ [IMAGE_FIELD]: z.file() }).nullish(),
        response: {
          200: ZUploadResponse,
          400: ZErrorResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const image = await readImageField(request);
      const caller = await request.currentUser();
      const stored = await saveImage(app.db, storage, image, { ownerId: caller?.id });
      return {
        success: true as const,
        data: {
          url: stored.url,
          thumbnailUrl: stored.thumbnailUrl,
          width: stored.width,
          height: stored.height,
        },
      };
    },
  );

  await app.register(fastifyStatic, {
    root: app.config.uploadsDir,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    wildcard: true,
    index: false,
    list: false,
    // Only names we could have written: no directories, temporary files or anything else.
    allowedPath: (pathName) => isStorageKey(pathName.replace(/^\//, '')),
    cacheControl: false,
    setHeaders: (reply) => {
      // Names are random and never reused, so a file can be cached for good.
      reply.header('cache-control', CACHE_FOREVER);
      reply.header('content-type', 'image/webp');
      reply.header('x-content-type-options', 'nosniff');
    },
  });
};
