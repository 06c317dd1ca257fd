import type { S3Client } from '@aws-sdk/client-s3';
import type { BaseLogger } from 'pino';
import type { StorageConfig } from '../../config.js';
import { CACHE_FOREVER, checkKey, type ImageStorage, ownUrlFor } from './image-storage.js';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * Files in an S3-compatible bucket, so several instances share them. The SDK is loaded on the
 * first call: a server keeping files on disk never pays for it.
 */
export function createS3ImageStorage(config: S3Config, log: BaseLogger): ImageStorage {
  let loading: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;
  const s3 = () => {
    loading ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        // Services other than AWS rarely give every bucket its own host name.
        forcePathStyle: config.endpoint !== undefined,
        credentials: {
          accessKeyId: config.accessKeyId,
          secretAccessKey: config.secretAccessKey,
        },
        // The SDK's notices join the JSON log instead of the console.
        logger: log,
      }),
    }));
    return loading;
  };

  return {
    async put(key, data, contentType) {
      const { client, sdk } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: config.bucket,
          Key: checkKey(key),
          Body: data,
          ContentType: contentType,
          CacheControl: CACHE_FOREVER,
        }),
      );
    },
    async remove(key) {
      const { client, sdk } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: checkKey(key) }));
    },
    async read(key) {
      const { client, sdk } = await s3();
      try {
        const found = await client.send(
          new sdk.GetObjectCommand({ Bucket: config.bucket, Key: checkKey(key) }),
        );
        if (!found.Body) return undefined;
        return {
          body: found.Body as import('node:stream').Readable,
          length: found.ContentLength ?? 0,
          contentType: found.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async ping(signal) {
      const { client, sdk } = await s3();
      await client.send(new sdk.HeadBucketCommand({ Bucket: config.bucket }), {
        abortSignal: signal,
      });
    },
    urlFor: ownUrlFor,
    redirectFor: config.publicUrl
      ? (key) => `${config.publicUrl}/${checkKey(key)}`
      : () => undefined,
  };
}
