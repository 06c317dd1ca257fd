import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { LIMITS } from '@keyhaven/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeImage, makeSolidImage } from '../fixtures/images.js';
import { createAccount, type TestAccount } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';
import { changedTables, fingerprint } from './support/db-state.js';
import { freshAddress } from './support/world.js';

/*
 * Hostile uploads, as anonymous visitors (refused with 401 before the file is read: uploading
 * takes an account) and as a signed-in user: each is refused with the right status and leaves
 * nothing behind, not a row in any table and not a file anywhere under DATA_DIR. The module's
 * own tests (src/modules/uploads/uploads.test.ts) cover the happy paths, the rate limit and
 * serving; this file is the refusal table, checked against the whole database and the whole
 * data folder.
 */

const ctx = useTestApp();
let user: TestAccount;

interface Part {
  field: string;
  data: Buffer;
  filename: string;
  type: string;
}

function multipart(parts: Part[]) {
  const boundary = `----hostile${randomBytes(6).toString('hex')}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
    ),
    part.data,
    Buffer.from('\r\n'),
  ]);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Every file under DATA_DIR, recursively, as relative paths. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

interface HostileFile {
  name: string;
  parts: () => Promise<Part[]>;
  status: number;
  code: string;
}

let png: Buffer;
let jpeg: Buffer;
let bomb: Buffer;

const HOSTILE: HostileFile[] = [
  {
    name: 'a GIF/JavaScript polyglot',
    parts: async () => [
      {
        field: 'image',
        data: Buffer.from('GIF89a/*\x00\x00*/=1;alert(document.domain)//', 'latin1'),
        filename: 'x.gif',
        type: 'image/gif',
      },
    ],
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'a PHP script behind JPEG magic bytes',
    parts: async () => [
      {
        field: 'image',
        data: Buffer.concat([
          Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
          Buffer.from("<?php system($_GET['c']); ?>"),
        ]),
        filename: 'shell.php.jpg',
        type: 'image/jpeg',
      },
    ],
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'an HTML page named .jpg',
    parts: async () => [
      {
        field: 'image',
        data: Buffer.from('<!doctype html><script>fetch("/api/all-users")</script>'),
        filename: 'photo.jpg',
        type: 'image/jpeg',
      },
    ],
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'an SVG with a script, named .png',
    parts: async () => [
      {
        field: 'image',
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        filename: 'logo.png',
        type: 'image/png',
      },
    ],
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'a shell script named .webp',
    parts: async () => [
      {
        field: 'image',
        data: Buffer.from('#!/bin/sh\nrm -rf /\n'),
        filename: 'run.webp',
        type: 'image/webp',
      },
    ],
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'a truncated PNG',
    parts: async () => [
      {
        field: 'image',
        data: png.subarray(0, Math.floor(png.length / 2)),
        filename: 'cut.png',
        type: 'image/png',
      },
    ],
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'a truncated JPEG',
    parts: async () => [
      {
        field: 'image',
        data: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
        filename: 'cut.jpg',
        type: 'image/jpeg',
      },
    ],
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  {
    name: 'a 50-megapixel decompression bomb',
    parts: async () => [{ field: 'image', data: bomb, filename: 'bomb.png', type: 'image/png' }],
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  {
    name: 'a file of 5 MB and one byte',
    parts: async () => [
      {
        field: 'image',
        data: Buffer.concat([png, Buffer.alloc(LIMITS.photoMaxBytes + 1 - png.length)]),
        filename: 'big.png',
        type: 'image/png',
      },
    ],
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
  },
  {
    name: 'a good image in the wrong field',
    parts: async () => [{ field: 'photo', data: png, filename: 'ok.png', type: 'image/png' }],
    status: 400,
    code: 'VALIDATION_FAILED',
  },
  {
    name: 'two images',
    parts: async () => [
      { field: 'image', data: png, filename: 'a.png', type: 'image/png' },
      { field: 'image', data: png, filename: 'b.png', type: 'image/png' },
    ],
    status: 400,
    code: 'VALIDATION_FAILED',
  },
];

beforeAll(async () => {
  png = await makeImage('png', { width: 320, height: 200 });
  jpeg = await makeImage('jpeg', { width: 320, height: 200 });
  bomb = await makeSolidImage(8000, 6250);
});

describe('hostile uploads', () => {
  it.each(HOSTILE.map((file) => [file.name, file] as const))(
    'refuse %s with the right status, as anonymous and signed in, storing nothing',
    async (_name, file) => {
      user = await createAccount(ctx.app);
      const before = await fingerprint(ctx.app.db);
      const filesBefore = await filesUnder(ctx.dataDir);
      for (const [actor, headers] of [
        ['anonymous', {}],
        ['user', user.bearer],
      ] as const) {
        const body = multipart(await file.parts());
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/uploads',
          payload: body.payload,
          headers: { ...headers, ...body.headers },
          remoteAddress: freshAddress(),
        });
        const where = `POST /api/uploads as ${actor} with ${file.name}`;
        const [status, code] =
          actor === 'anonymous' ? [401, 'UNAUTHENTICATED'] : [file.status, file.code];
        expect(response.statusCode, `${where}: ${response.body}`).toBe(status);
        expect(response.json().code, where).toBe(code);
        expect(changedTables(before, await fingerprint(ctx.app.db)), where).toEqual([]);
        expect(await filesUnder(ctx.dataDir), where).toEqual(filesBefore);
      }
    },
    60_000,
  );

  it('keep no trace of a script appended to a real image: what is served is our own re-encoding', async () => {
    user = await createAccount(ctx.app);
    const payload = '<script>alert(document.cookie)</script><?php echo 1; ?>';
    const polyglot = Buffer.concat([png, Buffer.from(payload)]);
    const body = multipart([
      { field: 'image', data: polyglot, filename: '../../../evil.html', type: 'text/html' },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { ...body.headers, ...user.bearer },
      remoteAddress: freshAddress(),
    });
    // Accepted or refused, never stored as sent.
    if (response.statusCode === 200) {
      const { url } = response.json().data as { url: string };
      expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}-1600\.webp$/);
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from('<?php'))).toBe(false);
    } else {
      expect(response.statusCode).toBe(415);
    }
    // The name the client gave is never used: nothing called evil anywhere.
    expect((await filesUnder(ctx.dataDir)).filter((f) => f.includes('evil'))).toEqual([]);
  });

  it('refuse a cross-site upload before reading it', async () => {
    user = await createAccount(ctx.app);
    const before = await filesUnder(ctx.dataDir);
    const body = multipart([{ field: 'image', data: png, filename: 'a.png', type: 'image/png' }]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { ...body.headers, cookie: user.cookie, origin: 'https://evil.example' },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(403);
    expect(await filesUnder(ctx.dataDir)).toEqual(before);
  });
});
