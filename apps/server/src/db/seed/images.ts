import { ADD_PROPERTY_TYPES } from '@keyhaven/shared';
import type { ImageStorage } from '../../modules/uploads/image-storage.js';
import { loadSharp } from '../../modules/uploads/load-sharp.js';
import { type StoredImage, saveImage } from '../../modules/uploads/uploads.service.js';
import type { Database } from '../client.js';

/*
 * Demo pictures drawn as SVG (there is no internet to fetch photos from) and stored through the
 * upload pipeline, so they get the same renditions, names and rows as a user's upload.
 */

export type AddPropertyType = (typeof ADD_PROPERTY_TYPES)[number];

const WIDTH = 1200;
const HEIGHT = 800;

interface Palette {
  skyTop: string;
  skyBottom: string;
  ground: string;
  sun: string;
}

const PALETTES: Palette[] = [
  { skyTop: '#4a90d9', skyBottom: '#cfe7f7', ground: '#6a9a4f', sun: '#ffe27a' },
  { skyTop: '#f28c5a', skyBottom: '#fde1b0', ground: '#7c8f4a', sun: '#fff1c1' },
  { skyTop: '#2c3e73', skyBottom: '#9d84b7', ground: '#3f5e46', sun: '#f6f0d8' },
  { skyTop: '#8fb8c9', skyBottom: '#e8efe9', ground: '#8aa061', sun: '#fff8e0' },
];

const windows = (x: number, y: number, columns: number, rows: number, gap: number, fill: string) =>
  Array.from({ length: columns * rows }, (_, i) => {
    const cx = x + (i % columns) * gap;
    const cy = y + Math.floor(i / columns) * gap;
    return `<rect x="${cx}" y="${cy}" width="${gap * 0.55}" height="${gap * 0.6}" rx="3" fill="${fill}"/>`;
  }).join('');

/** One drawing per type of the add form, so a listing's picture matches its type. */
const BUILDINGS: Record<AddPropertyType, string> = {
  House: `
    <polygon points="380,330 600,170 820,330" fill="#8c3b2f"/>
    <rect x="420" y="330" width="360" height="250" fill="#efe6d2"/>
    <rect x="570" y="450" width="70" height="130" fill="#6b4a2b"/>
    <rect x="460" y="380" width="80" height="60" fill="#9fc5e8"/><rect x="680" y="380" width="80" height="60" fill="#9fc5e8"/>
    <rect x="700" y="200" width="40" height="80" fill="#6f2f25"/>`,
  Villa: `
    <rect x="250" y="360" width="700" height="220" fill="#f7f3ea"/>
    <rect x="230" y="340" width="740" height="26" fill="#d8cdb8"/>
    <rect x="560" y="250" width="320" height="110" fill="#f7f3ea"/><rect x="545" y="236" width="350" height="20" fill="#d8cdb8"/>
    ${windows(290, 400, 5, 1, 110, '#7fb3d5')}
    <rect x="300" y="600" width="600" height="70" rx="10" fill="#4fb3d9"/>
    <rect x="180" y="420" width="30" height="160" fill="#6b4a2b"/><circle cx="195" cy="400" r="55" fill="#3f7d3a"/>`,
  Apartment: `
    <rect x="430" y="120" width="340" height="460" fill="#c9b79c"/>
    ${windows(460, 150, 5, 7, 62, '#dbe9f4')}
    <rect x="565" y="500" width="70" height="80" fill="#5a4636"/>`,
  Condo: `
    <rect x="330" y="210" width="540" height="370" fill="#e4e0d8"/>
    ${windows(360, 240, 8, 4, 64, '#8fb9d6')}
    ${Array.from({ length: 4 }, (_, i) => `<rect x="350" y="${282 + i * 64}" width="500" height="8" fill="#9a948a"/>`).join('')}`,
  Townhouse: ['#b5533c', '#d9a441', '#5c7f9e']
    .map(
      (colour, i) => `
    <polygon points="${330 + i * 180},300 ${420 + i * 180},210 ${510 + i * 180},300" fill="#4d4d4d"/>
    <rect x="${330 + i * 180}" y="300" width="180" height="280" fill="${colour}"/>
    <rect x="${395 + i * 180}" y="480" width="50" height="100" fill="#3b2a1e"/>
    <rect x="${360 + i * 180}" y="330" width="50" height="60" fill="#e8f1f8"/><rect x="${430 + i * 180}" y="330" width="50" height="60" fill="#e8f1f8"/>`,
    )
    .join(''),
  Commercial: `
    <rect x="300" y="230" width="600" height="350" fill="#d6d2c4"/>
    <rect x="300" y="230" width="600" height="50" fill="#2f5d62"/>
    <rect x="340" y="420" width="520" height="160" fill="#a9cfe0"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="${300 + i * 75}" y="380" width="75" height="40" fill="${i % 2 ? '#f2f2f2' : '#c0392b'}"/>`).join('')}
    ${windows(340, 300, 8, 1, 66, '#a9cfe0')}`,
  Land: `
    <path d="M0,520 C200,440 420,470 600,500 C800,530 1000,450 1200,480 L1200,800 L0,800 Z" fill="#7da453"/>
    ${Array.from({ length: 13 }, (_, i) => `<rect x="${60 + i * 90}" y="560" width="10" height="70" fill="#8b6b47"/>`).join('')}
    <rect x="60" y="580" width="1090" height="8" fill="#8b6b47"/>
    <circle cx="900" cy="430" r="60" fill="#3f7d3a"/><rect x="892" y="470" width="16" height="60" fill="#6b4a2b"/>`,
  // A cabin in the woods stands for everything else.
  Other: `
    <polygon points="430,360 600,220 770,360" fill="#5b3a29"/>
    <rect x="455" y="360" width="290" height="220" fill="#9c6b43"/>
    ${Array.from({ length: 7 }, (_, i) => `<rect x="455" y="${372 + i * 30}" width="290" height="4" fill="#7a5132"/>`).join('')}
    <rect x="575" y="470" width="60" height="110" fill="#3b2a1e"/>
    <polygon points="230,580 290,380 350,580" fill="#2f6b3a"/><polygon points="850,580 920,360 990,580" fill="#2f6b3a"/>`,
};

function listingSvg(type: AddPropertyType, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.skyBottom}"/>
  </linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <circle cx="1020" cy="130" r="60" fill="${palette.sun}"/>
  <rect y="570" width="${WIDTH}" height="230" fill="${palette.ground}"/>
  ${BUILDINGS[type]}
</svg>`;
}

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
 * Drawn and stored one at a time: a transaction is a single connection, and node-postgres does
 * not take overlapping queries on one; and only one picture's pixels are in memory at once.
 */
async function saveAll(
  db: Database,
  storage: ImageStorage,
  svgs: string[],
  ownerIds: (string | undefined)[] = [],
): Promise<StoredImage[]> {
  const sharp = await loadSharp();
  // One libvips thread while the server starts: every thread keeps memory of its own afterwards.
  const threads = sharp.concurrency();
  sharp.concurrency(1);
  try {
    const stored: StoredImage[] = [];
    for (const [i, svg] of svgs.entries()) {
      const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
      stored.push(await saveImage(db, storage, png, { ownerId: ownerIds[i] }));
    }
    return stored;
  } finally {
    sharp.concurrency(threads);
  }
}

export type ListingImages = Record<AddPropertyType, StoredImage>;

/** One picture per listing type, each under its own sky. */
export async function saveListingImages(
  db: Database,
  storage: ImageStorage,
): Promise<ListingImages> {
  const stored = await saveAll(
    db,
    storage,
    ADD_PROPERTY_TYPES.map((type, i) => listingSvg(type, PALETTES[i % PALETTES.length] as Palette)),
  );
  return Object.fromEntries(
    ADD_PROPERTY_TYPES.map((type, i) => [type, stored[i]]),
  ) as ListingImages;
}

/** A distinct profile picture for each of the given users. */
export function saveAvatars(
  db: Database,
  storage: ImageStorage,
  ownerIds: string[],
): Promise<StoredImage[]> {
  return saveAll(
    db,
    storage,
    ownerIds.map((_, i) => avatarSvg(AVATAR_LOOKS[i % AVATAR_LOOKS.length] as AvatarLook)),
    ownerIds,
  );
}
