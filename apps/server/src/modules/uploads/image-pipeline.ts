import type { Config } from '../../config.js';
import { createProcessLog } from '../../lib/process-log.js';
import { createImageStorage } from './create-image-storage.js';
import type { ImageStorage } from './image-storage.js';
import { createWorkQueue, type WorkQueue } from './work-queue.js';

/** Where images are decoded (one bounded queue) and kept, for one running app. */
export interface ImagePipeline {
  queue: WorkQueue;
  storage: ImageStorage;
}

const pipelines = new WeakMap<Config, ImagePipeline>();

/**
 * One pipeline per app, found by its config: uploads and Google sign-in (which copies the
 * profile picture) take turns in the same queue, whichever part of the app asks first.
 */
export function imagePipelineFor(config: Config): ImagePipeline {
  let pipeline = pipelines.get(config);
  if (!pipeline) {
    pipeline = {
      queue: createWorkQueue({
        concurrency: config.imageWorkers,
        maxWaiting: config.imageQueueLength,
      }),
      storage: createImageStorage(config.storage, createProcessLog(config.logLevel)),
    };
    pipelines.set(config, pipeline);
  }
  return pipeline;
}
