import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * A page rendered on the server reads the API through this server, as its visitor. Those reads
 * carry this header with a secret of this process, so limits per address can tell them from the
 * visitor's own requests: a visitor is counted for what their browser asks, never for how many
 * reads a page needs.
 */
const PAGE_RENDER_HEADER = 'x-keyhaven-page-render';
const pageRenderSecret = randomBytes(16).toString('hex');

/** The header a page's read carries. */
export const pageRenderMark = () => ({ [PAGE_RENDER_HEADER]: pageRenderSecret });

export const isPageRender = (request: FastifyRequest) =>
  request.headers[PAGE_RENDER_HEADER] === pageRenderSecret;
