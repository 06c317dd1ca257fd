import { ADD_PROPERTY_TYPES, PHOTO_LIMITS } from '@keyhaven/shared';
import { describe, expect, it } from 'vitest';
import { loadSharp } from '../../modules/uploads/load-sharp.js';
import { planDemoPhotos } from './demo-photos.js';
import { exteriorScene } from './exterior-scenes.js';
import { interiorScene, ROOM_KINDS } from './interior-scenes.js';

const SEEDS = Array.from({ length: 12 }, (_, i) => i + 1);

describe('drawn scenes', () => {
  it('draw the same picture for the same seed and a different one for another', () => {
    for (const type of ADD_PROPERTY_TYPES) {
      expect(exteriorScene(type, 7, 800, 534)).toEqual(exteriorScene(type, 7, 800, 534));
      const drawn = new Set(SEEDS.map((seed) => exteriorScene(type, seed, 800, 534).svg));
      expect(drawn.size, type).toBe(SEEDS.length);
    }
    for (const kind of ROOM_KINDS) {
      expect(interiorScene(kind, 7, 800, 534)).toEqual(interiorScene(kind, 7, 800, 534));
      const drawn = new Set(SEEDS.map((seed) => interiorScene(kind, seed, 800, 534).svg));
      expect(drawn.size, kind).toBe(SEEDS.length);
    }
  });

  it('describe what they show, in words that vary with it', () => {
    const houses = SEEDS.map((seed) => exteriorScene('House', seed, 800, 534));
    for (const house of houses) expect(house.alt).toMatch(/^Front of an? .*house with an? \w+/);
    expect(new Set(houses.map((house) => house.alt)).size).toBeGreaterThan(SEEDS.length / 2);
    const kitchens = Array.from({ length: 40 }, (_, seed) =>
      interiorScene('kitchen', seed, 800, 534),
    );
    expect(kitchens.map((kitchen) => kitchen.alt)).toContainEqual(
      expect.stringMatching(/^Kitchen with an island/),
    );
    for (const scene of [...houses, ...kitchens]) {
      expect(scene.alt.length).toBeLessThanOrEqual(PHOTO_LIMITS.altMaxLength);
      if (scene.caption)
        expect(scene.caption.length).toBeLessThanOrEqual(PHOTO_LIMITS.captionMaxLength);
    }
  });

  it('render as pictures of the size asked for, with no outside fonts or images', async () => {
    const sharp = await loadSharp();
    for (const scene of [
      ...ADD_PROPERTY_TYPES.map((type) => exteriorScene(type, 3, 800, 534)),
      ...ROOM_KINDS.map((kind) => interiorScene(kind, 3, 800, 534)),
    ]) {
      expect(scene.svg).not.toMatch(/href|<text|<image|url\((?!#)/);
      const { info } = await sharp(Buffer.from(scene.svg))
        .png()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([800, 534]);
    }
  });
});

describe('the demo photo plan', () => {
  it('gives each listing its own cover and a set of shared rooms no other listing has', () => {
    const types = [
      ...ADD_PROPERTY_TYPES,
      ...ADD_PROPERTY_TYPES,
      ...ADD_PROPERTY_TYPES,
      'House' as const,
    ];
    const plan = planDemoPhotos(types, 11, { width: 400, height: 267 });
    expect(plan.photoSets).toHaveLength(types.length);
    const covers = plan.photoSets.map((set) => set[0]);
    expect(covers).toEqual(types.map((_, i) => i));
    expect(new Set(plan.photoSets.map((set) => set.slice(1).sort().join())).size).toBe(
      types.length,
    );
    for (const set of plan.photoSets) {
      expect(set.length).toBeGreaterThanOrEqual(4);
      expect(set.length).toBeLessThanOrEqual(6);
      expect(new Set(set).size).toBe(set.length);
      for (const index of set.slice(1)) expect(index).toBeGreaterThanOrEqual(types.length);
    }
    // Fewer pictures to draw than photos shown: the rooms are shared.
    expect(plan.scenes.length).toBeLessThan(plan.photoSets.flat().length / 2);
    expect(planDemoPhotos(types, 11, { width: 400, height: 267 })).toEqual(plan);
  });
});
