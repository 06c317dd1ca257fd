import type { StorageConfig } from '../../config.js';
import { createLocalImageStorage, type ImageStorage } from './image-storage.js';
import { createS3ImageStorage } from './s3-image-storage.js';

/** The storage the configuration chooses: the local folder, or the bucket every instance shares. */
export function createImageStorage(config: StorageConfig): ImageStorage {
  return config.driver === 's3'
    ? createS3ImageStorage(config)
    : createLocalImageStorage(config.dir);
}
