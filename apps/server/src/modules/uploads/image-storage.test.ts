import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { objectKeys, uploadAs, useObjectStore } from '../../../test/helpers/uploads.js';
import { ConfigError, configFrom } from '../../config.js';

describe('object storage settings', () => {
  it('refuse to start on s3 without a bucket or credentials, naming every missing one', () => {
    let error: unknown;
    try {
      configFrom({ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'S3_BUCKET: is required when STORAGE_DRIVER is s3',
      'S3_ACCESS_KEY_ID: is required when STORAGE_DRIVER is s3',
      'S3_SECRET_ACCESS_KEY: is required when STORAGE_DRIVER is s3',
    ]);
  });

  it('keep files on local disk by default', () => {
    const config = configFrom({ DATA_DIR: '/srv/keyhaven' });
    expect(config.storage).toEqual({ driver: 'local', dir: '/srv/keyhaven/uploads' });
  });
});

describe('a bucket with a public address', () => {
  const store = useObjectStore();
  const publicUrl = () => `${store.endpoint}/${store.bucket}`;
  const ctx = useTestApp(() => ({ ...store.env(), S3_PUBLIC_URL: `${publicUrl()}/` }));

  it('sends browsers to it for a file, and lets pages show images from it', async () => {
    const member = await createAccount(ctx.app);
    const { url } = await uploadAs(ctx.app, member);
    const key = url.slice('/uploads/'.length);
    expect(await objectKeys(store)).toContain(key);

    const answer = await ctx.app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe(`${publicUrl()}/${key}`);
    // The bucket answers with the file and its type.
    const file = await fetch(answer.headers.location as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');

    const page = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const imgSrc = String(page.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('img-src '));
    expect(imgSrc).toBe(`img-src 'self' data: blob: ${store.endpoint}`);

    // Names that are not ours are not sent anywhere.
    const probe = await ctx.app.inject({ method: 'GET', url: '/uploads/notes.txt' });
    expect(probe.statusCode).toBe(404);
  });
});
