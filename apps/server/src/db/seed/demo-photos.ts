import type { Random } from '../../lib/seeded-random.js';
import { exteriorScene } from './exterior-scenes.js';
import type { AddPropertyType } from './images.js';
import { interiorScene, type RoomKind } from './interior-scenes.js';
import { chance, pick, type Scene, sceneRandom, wholeBetween } from './scene-kit.js';

/*
 * Which drawn photos each demo listing shows: its own front as the cover, then rooms from a small
 * shared set, combined so that no two listings show the same rooms. Drawing and encoding a
 * photo is the slow part of the demo seed; sharing the rooms keeps it quick.
 */

/** How many variants of each room the demo listings share. */
const SHARED_ROOMS: Record<RoomKind, number> = {
  'living room': 2,
  kitchen: 2,
  bedroom: 3,
  bathroom: 2,
  'dining room': 2,
  office: 2,
};
/** Land has no rooms: more views across plots instead. */
const SHARED_LAND_VIEWS = 5;

export const MIN_DEMO_PHOTOS = 4;
export const MAX_DEMO_PHOTOS = 6;

interface SharedScene {
  kind: RoomKind | 'land';
  scene: Scene;
}

export interface PhotoPlan {
  /** Every picture to draw and store: the covers first, one per listing, in order. */
  scenes: Scene[];
  /** Per listing, indexes into `scenes`: its cover first. */
  photoSets: number[][];
}

/** The rooms a listing of this type shows, in order, before the optional extras. */
function roomsFor(type: AddPropertyType, random: Random): RoomKind[] {
  if (type === 'Commercial') {
    return ['office', ...(chance(random, 0.5) ? (['office'] as const) : []), 'kitchen', 'bathroom'];
  }
  const rooms: RoomKind[] = ['living room', 'kitchen', 'bedroom'];
  const extras: RoomKind[] = ['bathroom', 'dining room', 'office', 'bedroom'];
  for (let count = wholeBetween(random, 0, 2); count > 0; count--) {
    const extra = pick(random, extras);
    extras.splice(extras.indexOf(extra), 1);
    rooms.push(extra);
  }
  return rooms;
}

/**
 * The photos of each listing, drawn from `seed`. `size` is what the pictures are rendered at.
 * Sets are retried until they differ from every earlier one, so no two listings look alike
 * beyond their covers either.
 */
export function planDemoPhotos(
  types: AddPropertyType[],
  seed: number,
  size: { width: number; height: number },
): PhotoPlan {
  const random = sceneRandom(seed);
  const covers = types.map((type, i) =>
    exteriorScene(type, seed * 1000 + i, size.width, size.height),
  );
  const shared: SharedScene[] = [];
  for (const [kind, count] of Object.entries(SHARED_ROOMS) as [RoomKind, number][]) {
    for (let v = 0; v < count; v++) {
      shared.push({
        kind,
        scene: interiorScene(kind, seed * 1000 + 500 + shared.length, size.width, size.height),
      });
    }
  }
  for (let v = 0; v < SHARED_LAND_VIEWS; v++) {
    shared.push({
      kind: 'land',
      scene: exteriorScene('Land', seed * 1000 + 800 + v, size.width, size.height),
    });
  }
  const sharedOf = (kind: SharedScene['kind']) =>
    shared.flatMap((item, index) => (item.kind === kind ? [index + covers.length] : []));

  const seen = new Set<string>();
  const photoSets = types.map((type, listing) => {
    for (let attempt = 0; ; attempt++) {
      const chosen: number[] = [];
      if (type === 'Land') {
        const views = sharedOf('land');
        for (let count = wholeBetween(random, 3, 5); count > 0; count--) {
          const view = pick(random, views);
          views.splice(views.indexOf(view), 1);
          chosen.push(view);
        }
      } else {
        for (const room of roomsFor(type, random)) {
          const options = sharedOf(room).filter((index) => !chosen.includes(index));
          if (options.length > 0) chosen.push(pick(random, options));
        }
      }
      const key = [...chosen].sort((a, b) => a - b).join(',');
      // Tried enough: with this many shared rooms a new set always turns up well before.
      if (!seen.has(key) || attempt > 200) {
        seen.add(key);
        return [listing, ...chosen];
      }
    }
  });
  return { scenes: [...covers, ...shared.map((item) => item.scene)], photoSets };
}
