import { randomBytes } from 'node:crypto';
import type { ImagePurpose } from '@keyhaven/shared';
import type { FastifyInstance } from 'fastify';
import { makeImage } from '../fixtures/images.js';
import { nextAddress, type TestAccount } from './accounts.js';

export interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body written out by hand, so the test controls every byte. */
export function multipartBody(parts: Part[]) {
  const boundary = `----keyhaven${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads an image through the API as the account; answers the upload's `data`. */
export async function uploadAs(
  app: FastifyInstance,
  account: TestAccount,
  options: { image?: Buffer; purpose?: ImagePurpose } = {},
): Promise<{ url: string; thumbnailUrl: string }> {
  const image = options.image ?? (await makeImage('png', { width: 120, height: 80 }));
  const { payload, headers } = multipartBody([
    { name: 'image', data: image, filename: 'photo.png', contentType: 'image/png' },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: options.purpose ? `/api/uploads?purpose=${options.purpose}` : '/api/uploads',
    payload,
    headers: { ...headers, ...account.bearer },
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 200) {
    throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  }
  return response.json().data;
}
