import { ADD_PROPERTY_TYPES } from '@keyhaven/shared';
import { type Random, seededRandom } from '../../lib/seeded-random.js';
import type { ImageStorage } from '../../modules/uploads/image-storage.js';
import type { StoredImage } from '../../modules/uploads/uploads.service.js';
import type { Database } from '../client.js';
import type { StoredPhoto } from '../schema.js';
import { exteriorScene } from './exterior-scenes.js';
import {
  type AddPropertyType,
  DRAWN_PHOTO_HEIGHT,
  DRAWN_PHOTO_WIDTH,
  photoOf,
  storeDrawings,
} from './images.js';
import { interiorScene, ROOM_KINDS, type RoomKind } from './interior-scenes.js';
import type { Scene } from './scene-kit.js';

/*
 * Photos for bulk listings: a few hundred drawn once per run and combined per listing (a front of
 * its type, then rooms), so a million listings vary without a million pictures to encode.
 */

export interface PhotoPool {
  fronts: Record<AddPropertyType, StoredPhoto[]>;
  rooms: Record<RoomKind, StoredPhoto[]>;
}

export const DEFAULT_PHOTO_POOL_SIZE = 240;

/** Draws and stores about `size` photos: three fifths fronts (split by type), the rest rooms. */
export async function drawPhotoPool(
  db: Database,
  storage: ImageStorage,
  { size = DEFAULT_PHOTO_POOL_SIZE, seed = 1 }: { size?: number; seed?: number } = {},
): Promise<PhotoPool> {
  // Land shows three views at least, all fronts.
  const frontsPerType = Math.max(3, Math.round((size * 0.6) / ADD_PROPERTY_TYPES.length));
  const roomsPerKind = Math.max(2, Math.round((size * 0.4) / ROOM_KINDS.length));
  // Far from the demo's seeds, so a bulk catalogue next to the demo draws other pictures.
  const base = 1_000_000 + seed * 10_000;
  const planned: { key: AddPropertyType | RoomKind; scene: Scene }[] = [
    ...ADD_PROPERTY_TYPES.flatMap((type, t) =>
      Array.from({ length: frontsPerType }, (_, i) => ({
        key: type,
        scene: exteriorScene(type, base + t * 1000 + i, DRAWN_PHOTO_WIDTH, DRAWN_PHOTO_HEIGHT),
      })),
    ),
    ...ROOM_KINDS.flatMap((kind, k) =>
      Array.from({ length: roomsPerKind }, (_, i) => ({
        key: kind,
        scene: interiorScene(
          kind,
          base + 5000 + k * 500 + i,
          DRAWN_PHOTO_WIDTH,
          DRAWN_PHOTO_HEIGHT,
        ),
      })),
    ),
  ];
  const stored = await storeDrawings(
    db,
    storage,
    planned.map((item) => item.scene.svg),
  );
  const photos = planned.map((item, i) => ({
    key: item.key,
    photo: photoOf(stored[i] as StoredImage, item.scene),
  }));
  const of = (key: string) => photos.filter((item) => item.key === key).map((item) => item.photo);
  return {
    fronts: Object.fromEntries(
      ADD_PROPERTY_TYPES.map((type) => [type, of(type)]),
    ) as PhotoPool['fronts'],
    rooms: Object.fromEntries(ROOM_KINDS.map((kind) => [kind, of(kind)])) as PhotoPool['rooms'],
  };
}

const pickFrom = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

/** Rooms a listing of each type shows after its front; land shows more of itself. */
const ROOMS_BY_TYPE: Record<Exclude<AddPropertyType, 'Land'>, RoomKind[]> = {
  House: ['living room', 'kitchen', 'bedroom', 'bathroom', 'dining room'],
  Villa: ['living room', 'kitchen', 'bedroom', 'bathroom', 'dining room'],
  Apartment: ['living room', 'kitchen', 'bedroom', 'bathroom'],
  Condo: ['living room', 'kitchen', 'bedroom', 'bathroom'],
  Townhouse: ['living room', 'kitchen', 'bedroom', 'dining room'],
  Commercial: ['office', 'kitchen', 'bathroom'],
  Other: ['living room', 'kitchen', 'bedroom', 'office'],
};

/**
 * Chooses listings' photos from a pool: 3 to 5 each, the front first. Its own random, so the
 * listings themselves are the same for a seed with or without photos.
 */
export function photoChooser(pool: PhotoPool, seed: number) {
  const random = seededRandom(seed ^ 0x5eed_f070);
  return (type: AddPropertyType): StoredPhoto[] => {
    const count = 3 + Math.floor(random() * 3);
    if (type === 'Land') {
      const views = [...pool.fronts.Land];
      const chosen: StoredPhoto[] = [];
      while (chosen.length < count && views.length > 0) {
        chosen.push(views.splice(Math.floor(random() * views.length), 1)[0] as StoredPhoto);
      }
      return chosen;
    }
    const rooms = ROOMS_BY_TYPE[type].slice(0, count - 1);
    return [
      pickFrom(random, pool.fronts[type]),
      ...rooms.map((room) => pickFrom(random, pool.rooms[room])),
    ];
  };
}
