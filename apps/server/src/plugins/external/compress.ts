import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MIN_COMPRESSED_BYTES } from '../../lib/content-coding.js';

/**
 * Answers in memory up to this size are compressed in one call. Through a compression stream a
 * 44 KB list cost the server about 4 ms of CPU, ten times the call, on two cores.
 */
const COMPRESS_AT_ONCE_MAX_BYTES = 256 * 1024;

/**
 * Answers worth compressing (over 1 KB: the API document, the web app's pages and files, answers
 * of the routes that do not compress their own; list pages do: lib/list-page.ts).
 */
export const compressPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      // Answers only: a compressed request body is refused unread (plugins/app/request-bodies.ts).
      globalDecompression: false,
      threshold: MIN_COMPRESSED_BYTES,
      syncThreshold: COMPRESS_AT_ONCE_MAX_BYTES,
    });
  },
  { name: 'compress' },
);
