import { REQUEST_MESSAGES } from '@keyhaven/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';

/**
 * The deepest nesting a JSON body may have. The deepest the product sends is three levels (a
 * listing's photos: an object in a list in an object); anything far deeper is an attack on the
 * parser, refused before it is parsed.
 */
export const JSON_MAX_DEPTH = 8;

/** How deep a JSON text nests, counted without parsing it; stops counting once past `max`. */
export function jsonDepthOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * What a request body must be before anything reads it. No browser compresses what it sends, so a
 * compressed body (which could inflate a thousandfold) is refused unread, whatever the route; and
 * a JSON body nested past JSON_MAX_DEPTH is refused before it is parsed. Parsing itself stays
 * Fastify's, with its refusal of `__proto__` and `constructor` keys.
 */
export const requestBodiesPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const coding = request.headers['content-encoding']?.trim().toLowerCase();
      if (coding && coding !== 'identity') {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', REQUEST_MESSAGES.compressedBody);
      }
    });

    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
      const body = raw as string;
      if (jsonDepthOver(body, JSON_MAX_DEPTH)) {
        done(new AppError('VALIDATION_FAILED', REQUEST_MESSAGES.nestedTooDeep), undefined);
        return;
      }
      parseJson(request, body, done);
    });
  },
  { name: 'request-bodies' },
);
