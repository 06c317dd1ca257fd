import type { Logger } from 'pino';
import type { StorageConfig } from '../../config.js';
import { createProcessLog } from '../../lib/process-log.js';
import { createLocalImageStorage, type ImageStorage } from './image-storage.js';
import { createS3ImageStorage } from './s3-image-storage.js';

/** The storage the configuration chooses: the local folder, or the bucket every instance shares. */
export function createImageStorage(
  config: StorageConfig,
  log: Logger = createProcessLog(),
): ImageStorage {
  return config.driver === 's3'
    ? createS3ImageStorage(config, log.child({ module: 's3' }))
    : createLocalImageStorage(config.dir);
}
