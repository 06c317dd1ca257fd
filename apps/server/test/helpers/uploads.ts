import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { ImagePurpose } from '@keyhaven/shared';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
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
): Promise<{
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  placeholder: string;
}> {
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

export type StorageDriver = 'local' | 's3';
export const STORAGE_DRIVERS: StorageDriver[] = ['local', 's3'];

/** s3rver's fixed credentials, which it checks signatures with. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestObjectStore {
  /** Settings that point a server at the store (empty for local files). */
  env(): Record<string, string>;
  /** The S3 endpoint and bucket, for tests that reach the store directly. */
  readonly endpoint: string;
  readonly bucket: string;
}

/**
 * An S3-compatible object store for one test file: s3rver on 127.0.0.1 (a free port) keeping its
 * objects in a temporary folder, with a bucket of our own. Register before `useTestApp`, whose
 * settings may then be `() => store.env()`.
 */
export function useObjectStore(): TestObjectStore {
  let server: S3rver | undefined;
  let directory: string | undefined;
  const store = {
    endpoint: '',
    bucket: 'keyhaven-test',
    env: () => ({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: store.endpoint,
      S3_BUCKET: store.bucket,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    }),
  };
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
    const { port } = await server.run();
    store.endpoint = `http://127.0.0.1:${port}`;
    await withClient(store, (client) =>
      client.send(new CreateBucketCommand({ Bucket: store.bucket })),
    );
  });
  afterAll(async () => {
    await server?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });
  return store;
}

async function withClient<T>(store: TestObjectStore, use: (client: S3Client) => Promise<T>) {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: store.endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}

/** The names of every object in the store's bucket, sorted. */
export async function objectKeys(store: TestObjectStore): Promise<string[]> {
  return withClient(store, async (client) => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: store.bucket, ContinuationToken: token }),
      );
      keys.push(...(page.Contents ?? []).map((object) => object.Key as string));
      token = page.NextContinuationToken;
    } while (token);
    return keys.sort();
  });
}

/**
 * Test storage for one driver: the object store for s3 (started by this call), nothing for
 * local files. `files(app)` lists what the app's storage holds either way.
 */
export function useStorage(driver: StorageDriver) {
  const store = driver === 's3' ? useObjectStore() : undefined;
  return {
    env: (): Record<string, string> => store?.env() ?? {},
    files: async (app: FastifyInstance): Promise<string[]> =>
      store
        ? objectKeys(store)
        : (await readdir(app.config.uploadsDir).catch(() => [] as string[])).sort(),
  };
}
