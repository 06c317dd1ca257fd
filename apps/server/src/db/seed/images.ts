import type { ADD_PROPERTY_TYPES } from '@keyhaven/shared';
import type { ImageStorage } from '../../modules/uploads/image-storage.js';
import { loadSharp } from '../../modules/uploads/load-sharp.js';
import { type StoredImage, saveImage } from '../../modules/uploads/uploads.service.js';
import type { Database } from '../client.js';
import type { StoredPhoto } from '../schema.js';
import type { Scene } from './scene-kit.js';

/*
 * Demo pictures drawn as SVG (there is no internet to fetch photos from) and stored through the
 * upload pipeline, so they get the same variants, placeholder and row as a user's upload.
 */

export type AddPropertyType = (typeof ADD_PROPERTY_TYPES)[number];

/** Drawn photos are stored at this size: sharp enough for a listing's page, quick to encode. */
export const DRAWN_PHOTO_WIDTH = 800;
export const DRAWN_PHOTO_HEIGHT = 534;

interface AvatarLook {
  background: string;
  skin: string;
  hair: string;
  shirt: string;
}

function avatarSvg(look: AvatarLook): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
  <rect width="512" height="512" fill="${look.background}"/>
  <path d="M96,512 C96,400 170,340 256,340 C342,340 416,400 416,512 Z" fill="${look.shirt}"/>
  <rect x="226" y="290" width="60" height="70" fill="${look.skin}"/>
  <circle cx="256" cy="220" r="95" fill="${look.skin}"/>
  <path d="M160,210 C160,130 210,110 256,110 C310,110 355,135 352,210 C330,170 290,160 256,165 C215,165 180,180 160,210 Z" fill="${look.hair}"/>
</svg>`;
}

const AVATAR_LOOKS: AvatarLook[] = [
  { background: '#d8eee8', skin: '#8d5524', hair: '#1b1b1b', shirt: '#1f6f78' },
  { background: '#f3e3c3', skin: '#c68642', hair: '#2b1d0e', shirt: '#3a506b' },
  { background: '#e4dcf1', skin: '#e0ac69', hair: '#000000', shirt: '#8e3b46' },
  { background: '#dbe7f3', skin: '#f1c27d', hair: '#a0522d', shirt: '#2e7d32' },
  { background: '#f6d6cf', skin: '#ffdbac', hair: '#d4a017', shirt: '#455a64' },
  { background: '#e0f0d8', skin: '#c68642', hair: '#3b2414', shirt: '#b35c1e' },
  { background: '#f1e6d6', skin: '#f1c27d', hair: '#101010', shirt: '#5d3f8c' },
];

/**
 * Images encoded at once: one per core. Each image's variants are encoded side by side already,
 * so more at once only adds memory. Every libvips operation keeps to one thread for the same
 * reason: every thread keeps memory of its own afterwards.
 */
const PARALLEL_IMAGES = 2;

/**
 * Renders each SVG and stores it through the upload pipeline, a few at a time, in order. Queries
 * run on `db` outside any transaction: the pool (or PGlite's own queue) takes several at once,
 * where one transaction's connection would not. Whoever calls this removes the uploads if what
 * they were for fails.
 */
export async function storeDrawings(
  db: Database,
  storage: ImageStorage,
  svgs: string[],
  onStored?: (image: StoredImage) => void,
): Promise<StoredImage[]> {
  const sharp = await loadSharp();
  const threads = sharp.concurrency();
  sharp.concurrency(1);
  const stored: StoredImage[] = new Array(svgs.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < svgs.length && !failed) {
      const index = next++;
      const png = await sharp(Buffer.from(svgs[index] as string))
        .png({ compressionLevel: 0 })
        .toBuffer();
      // Seeds are not waited on by a person: the fastest AVIF encoding is good enough for drawings.
      const image = await saveImage(db, storage, png, { avifEffort: 0 });
      stored[index] = image;
      onStored?.(image);
    }
  };
  try {
    await Promise.all(
      Array.from({ length: PARALLEL_IMAGES }, () =>
        worker().catch((error: unknown) => {
          // The other workers stop too: nothing is stored after the caller starts cleaning up.
          failed = true;
          throw error;
        }),
      ),
    );
    return stored;
  } finally {
    sharp.concurrency(threads);
  }
}

/** A stored drawing as a listing's photo, described as the scene describes it. */
export const photoOf = (image: StoredImage, scene: Scene): StoredPhoto => ({
  url: image.url,
  alt: scene.alt,
  caption: scene.caption,
  width: image.width,
  height: image.height,
  placeholder: image.placeholder,
});

/** One profile picture per given user index, no two alike in a set of seven. */
export const avatarSvgs = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    avatarSvg(AVATAR_LOOKS[i % AVATAR_LOOKS.length] as AvatarLook),
  );
