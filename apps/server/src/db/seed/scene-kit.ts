import { type Random, seededRandom } from '../../lib/seeded-random.js';

/*
 * What every drawn demo photo is made of: a seeded random's choices, named colours (so a photo
 * can be described by what it shows) and a few shapes drawn in a 1200 x 800 frame.
 */

export const SCENE_WIDTH = 1200;
export const SCENE_HEIGHT = 800;

/** A drawn photo and the words that describe it to someone who cannot see it. */
export interface Scene {
  svg: string;
  alt: string;
  /** Some photos carry a line of their own under them; most do not. */
  caption: string | null;
}

export interface NamedColour {
  name: string;
  hex: string;
}

/**
 * The random a picture is drawn from. Neighbouring seeds (one per listing) are scrambled first:
 * the generator's first numbers for seeds 1, 2, 3... are close, and would draw similar pictures.
 */
export function sceneRandom(seed: number): Random {
  let mixed = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b);
  mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35);
  return seededRandom((mixed ^ (mixed >>> 16)) >>> 0);
}

const AND = new Intl.ListFormat('en', { type: 'conjunction' });
/** "a porch", "a porch and a garage", "a porch, a garage and a fence". */
export const listed = (items: string[]) => AND.format(items);

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
export const between = (random: Random, min: number, max: number) => min + random() * (max - min);
export const wholeBetween = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));
export const chance = (random: Random, probability: number) => random() < probability;
export const round = (value: number) => Math.round(value * 10) / 10;

/** Mixes two #rrggbb colours: 0 keeps the first, 1 gives the second. */
export function mix(from: string, to: string, amount: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  return `#${[0, 1, 2]
    .map((i) =>
      Math.round(channel(from, i) + (channel(to, i) - channel(from, i)) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
export const darker = (hex: string, amount = 0.25) => mix(hex, '#000000', amount);
export const lighter = (hex: string, amount = 0.25) => mix(hex, '#ffffff', amount);

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${round(x)}" y="${round(y)}" width="${round(Math.max(0, w))}" height="${round(Math.max(0, h))}" fill="${fill}"${extra}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${fill}"${extra}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(rx)}" ry="${round(ry)}" fill="${fill}"${extra}/>`;
export const polygon = (points: [number, number][], fill: string, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ')}" fill="${fill}"${extra}/>`;
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width = 2) =>
  `<line x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" stroke="${stroke}" stroke-width="${width}"/>`;

/** A vertical gradient, defined where it is used: ids only have to be unique in one picture. */
export const verticalGradient = (id: string, top: string, bottom: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

/** The whole picture at the size it is rendered, drawn in the 1200 x 800 frame. */
export const svgDocument = (body: string, width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;

/** The article a colour or thing takes in a description. */
export const withArticle = (words: string) => `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A potted or garden plant: a few leaves over a pot, in one of several greens. */
export function plant(random: Random, x: number, baseY: number, size: number): string {
  const green = pick(random, ['#3f7d3a', '#4f8f46', '#2f6b4f', '#5c8a3a', '#3d6e5c']);
  const pot = pick(random, ['#b5653c', '#e6e1d8', '#3b3b3b', '#c9a27a', '#6d8fa3']);
  const leaves = Array.from({ length: wholeBetween(random, 4, 7) }, (_, i) => {
    const angle = -Math.PI / 2 + (i - 3) * 0.35 + between(random, -0.15, 0.15);
    const length = size * between(random, 0.7, 1.1);
    return ellipse(
      x + Math.cos(angle) * length * 0.5,
      baseY - size * 0.45 + Math.sin(angle) * length * 0.5,
      size * 0.16,
      length * 0.5,
      i % 2 ? green : lighter(green, 0.15),
      ` transform="rotate(${round((angle * 180) / Math.PI + 90)} ${round(x + Math.cos(angle) * length * 0.5)} ${round(baseY - size * 0.45 + Math.sin(angle) * length * 0.5)})"`,
    );
  }).join('');
  return `${leaves}${polygon(
    [
      [x - size * 0.3, baseY - size * 0.45],
      [x + size * 0.3, baseY - size * 0.45],
      [x + size * 0.22, baseY],
      [x - size * 0.22, baseY],
    ],
    pot,
  )}`;
}

/** A framed picture of a few soft shapes: no two alike. */
export function artwork(random: Random, x: number, y: number, w: number, h: number): string {
  const frame = pick(random, ['#2b2b2b', '#c9a86b', '#f4f1ea', '#6b4a2b']);
  const ground = pick(random, ['#f3ead8', '#dfe8ee', '#f6e0d6', '#e3ecdf', '#2f3e4e']);
  const accents = ['#d9734e', '#e0b64c', '#4f7ca8', '#7aa37a', '#b85c7a', '#3d5a6c', '#f2c6a0'];
  const shapes = Array.from({ length: wholeBetween(random, 2, 5) }, () => {
    const colour = pick(random, accents);
    const cx = x + between(random, 0.2, 0.8) * w;
    const cy = y + between(random, 0.2, 0.8) * h;
    return chance(random, 0.5)
      ? circle(cx, cy, between(random, 0.1, 0.3) * Math.min(w, h), colour, ' opacity="0.85"')
      : rect(cx - w * 0.2, cy - h * 0.1, between(random, 0.2, 0.5) * w, h * 0.18, colour);
  }).join('');
  return `${rect(x - 8, y - 8, w + 16, h + 16, frame)}${rect(x, y, w, h, ground)}<svg x="${round(x)}" y="${round(y)}" width="${round(w)}" height="${round(h)}" viewBox="${round(x)} ${round(y)} ${round(w)} ${round(h)}">${shapes}</svg>`;
}
