import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers worth compressing (over 1 KB: lists, the API document, the web app's files). */
export const compressPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, { global: true, threshold: 1024 });
  },
  { name: 'compress' },
);
