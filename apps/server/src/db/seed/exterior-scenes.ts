import type { ADD_PROPERTY_TYPES } from '@keyhaven/shared';
import type { Random } from '../../lib/seeded-random.js';
import {
  between,
  capitalised,
  chance,
  circle,
  darker,
  ellipse,
  lighter,
  line,
  listed,
  mix,
  type NamedColour,
  pick,
  plant,
  polygon,
  rect,
  SCENE_WIDTH,
  type Scene,
  sceneRandom,
  svgDocument,
  verticalGradient,
  wholeBetween,
  withArticle,
} from './scene-kit.js';

/*
 * The outside of a home, drawn for its type: the building (storeys, roof, walls, windows, door,
 * garage, porch, balcony), its garden and the sky over it (time of day and season), each chosen
 * by the seed, so every demo listing has a front of its own.
 */

export type ListingType = (typeof ADD_PROPERTY_TYPES)[number];

type TimeOfDay = 'morning' | 'midday' | 'golden hour' | 'dusk' | 'night';
type Season = 'spring' | 'summer' | 'autumn' | 'winter';

interface Setting {
  time: TimeOfDay;
  season: Season;
  groundY: number;
}

const SKIES: Record<TimeOfDay, [string, string]> = {
  morning: ['#8ec5e8', '#f7e6c8'],
  midday: ['#3f8fd6', '#cfe8f7'],
  'golden hour': ['#f0a35e', '#fde3b0'],
  dusk: ['#3a3f78', '#e69a8d'],
  night: ['#0f1a3a', '#34406e'],
};
const LAWNS: Record<Season, string> = {
  spring: '#79b05a',
  summer: '#5f9a45',
  autumn: '#9a9a4e',
  winter: '#eef2f5',
};
const LEAVES: Record<Season, string[]> = {
  spring: ['#7fbf5a', '#f2b8c6', '#9ccf6a'],
  summer: ['#3f7d3a', '#4f8f46', '#2f6b3a'],
  autumn: ['#d9822b', '#c0472f', '#e0b03c', '#a65a2a'],
  winter: [],
};

const WALLS: NamedColour[] = [
  { name: 'white', hex: '#f4f1ea' },
  { name: 'cream', hex: '#efe4c8' },
  { name: 'sand', hex: '#dcc6a0' },
  { name: 'sage green', hex: '#a9bfa0' },
  { name: 'pale blue', hex: '#b9cfdf' },
  { name: 'grey', hex: '#b8b8b4' },
  { name: 'yellow', hex: '#ecd37a' },
  { name: 'terracotta', hex: '#c98463' },
  { name: 'charcoal', hex: '#4d5257' },
  { name: 'pink', hex: '#e8bfb8' },
];
const BRICKS: NamedColour[] = [
  { name: 'red brick', hex: '#a4503a' },
  { name: 'brown brick', hex: '#8a5a44' },
  { name: 'pale brick', hex: '#d2b48c' },
];
const DOORS: NamedColour[] = [
  { name: 'red', hex: '#b3332e' },
  { name: 'blue', hex: '#2f5d8a' },
  { name: 'green', hex: '#2f6b4a' },
  { name: 'yellow', hex: '#e3b23c' },
  { name: 'black', hex: '#222426' },
  { name: 'teal', hex: '#1f7a7a' },
  { name: 'wooden', hex: '#7a5132' },
  { name: 'white', hex: '#f7f7f2' },
];
const ROOFS = ['#5b3a29', '#3f4247', '#8c3b2f', '#6e6259', '#2f3b4c', '#a0522d'];

type Material = 'siding' | 'brick' | 'render' | 'boards' | 'stone';

function backdrop(random: Random, setting: Setting): string {
  const [top, bottom] = SKIES[setting.time];
  const parts = [
    `<defs>${verticalGradient('sky', top, bottom)}</defs>`,
    rect(0, 0, SCENE_WIDTH, 800, 'url(#sky)'),
  ];
  const night = setting.time === 'night';
  if (night) {
    for (let i = 0; i < 40; i++) {
      parts.push(circle(between(random, 0, 1200), between(random, 0, 300), 1.6, '#fdf8e4'));
    }
    parts.push(circle(between(random, 150, 1050), between(random, 70, 160), 34, '#f4f0dc'));
  } else {
    const low = setting.time === 'golden hour' || setting.time === 'dusk';
    parts.push(
      circle(
        between(random, 120, 1080),
        low ? between(random, 330, 420) : between(random, 80, 200),
        low ? 70 : 50,
        low ? '#ffd08a' : '#fff3b8',
        ' opacity="0.9"',
      ),
    );
    for (let i = wholeBetween(random, 0, 4); i > 0; i--) {
      const x = between(random, 0, 1100);
      const y = between(random, 40, 240);
      const cloud = setting.time === 'dusk' ? '#f3c6c0' : '#ffffff';
      parts.push(
        `<g opacity="0.85">${ellipse(x, y, 70, 24, cloud)}${ellipse(x + 40, y - 16, 46, 26, cloud)}${ellipse(x - 36, y - 8, 38, 20, cloud)}</g>`,
      );
    }
  }
  const far = mix(
    setting.season === 'winter' ? '#c9d3dc' : '#6f8f7a',
    SKIES[setting.time][1],
    0.45,
  );
  const horizon = pick(random, ['hills', 'mountains', 'city', 'sea', 'forest'] as const);
  const base = setting.groundY - 40;
  if (horizon === 'hills') {
    parts.push(
      `<path d="M0,${base} C260,${base - 120} 520,${base - 40} 700,${base - 90} S1050,${base - 60} 1200,${base - 110} L1200,${base + 60} L0,${base + 60} Z" fill="${far}"/>`,
    );
  } else if (horizon === 'mountains') {
    for (let x = -100; x < 1200; x += between(random, 220, 360)) {
      const peak = base - between(random, 140, 260);
      parts.push(
        polygon(
          [
            [x, base + 40],
            [x + 180, peak],
            [x + 360, base + 40],
          ],
          far,
        ),
      );
      parts.push(
        polygon(
          [
            [x + 150, peak + 40],
            [x + 180, peak],
            [x + 210, peak + 40],
          ],
          '#f6f8fa',
        ),
      );
    }
  } else if (horizon === 'city') {
    for (let x = 0; x < 1200; x += between(random, 50, 110)) {
      const height = between(random, 60, 220);
      parts.push(
        rect(x, base + 40 - height, between(random, 40, 90), height, mix(far, '#8b95a3', 0.5)),
      );
    }
  } else if (horizon === 'sea') {
    parts.push(rect(0, base - 10, 1200, 60, night ? '#1d2b55' : mix('#3f87b5', bottom, 0.3)));
  } else {
    for (let x = -20; x < 1220; x += 34) {
      const h = between(random, 50, 90);
      parts.push(
        polygon(
          [
            [x - 24, base + 40],
            [x, base + 40 - h],
            [x + 24, base + 40],
          ],
          darker(far, 0.2),
        ),
      );
    }
  }
  parts.push(
    `<defs>${verticalGradient('lawn', LAWNS[setting.season], darker(LAWNS[setting.season], 0.18))}</defs>`,
    rect(0, setting.groundY, SCENE_WIDTH, 800 - setting.groundY, 'url(#lawn)'),
  );
  return parts.join('');
}

function tree(random: Random, x: number, baseY: number, season: Season, kind?: string): string {
  const shape = kind ?? pick(random, ['round', 'round', 'conifer', 'tall']);
  const size = between(random, 0.8, 1.3);
  if (shape === 'palm') {
    const top = baseY - 230 * size;
    const fronds = Array.from({ length: 6 }, (_, i) => {
      const angle = (i / 6) * Math.PI * 2;
      return `<path d="M${x},${top} q${Math.cos(angle) * 60},${-30} ${Math.cos(angle) * 110},${Math.sin(angle) * 30 + 20}" stroke="#3f7d3a" stroke-width="14" fill="none" stroke-linecap="round"/>`;
    }).join('');
    return `<path d="M${x - 8},${baseY} Q${x + 20},${(baseY + top) / 2} ${x},${top}" stroke="#8b6b47" stroke-width="16" fill="none"/>${fronds}`;
  }
  if (shape === 'conifer') {
    const green = season === 'winter' ? '#2f5a45' : '#2f6b3a';
    const h = 200 * size;
    return `${rect(x - 7, baseY - 30, 14, 30, '#6b4a2b')}${polygon(
      [
        [x - 55 * size, baseY - 25],
        [x, baseY - h],
        [x + 55 * size, baseY - 25],
      ],
      green,
    )}${
      season === 'winter'
        ? polygon(
            [
              [x - 18 * size, baseY - h + 50],
              [x, baseY - h],
              [x + 18 * size, baseY - h + 50],
            ],
            '#f6f8fa',
          )
        : ''
    }`;
  }
  const trunkTop = baseY - (shape === 'tall' ? 150 : 100) * size;
  const trunk = rect(x - 8, trunkTop, 16, baseY - trunkTop, '#6b4a2b');
  if (season === 'winter') {
    const branches = [-1, 1, -0.5, 0.6]
      .map((side, i) =>
        line(x, trunkTop + 20 + i * 12, x + side * 50 * size, trunkTop - 30 + i * 8, '#5a3e28', 5),
      )
      .join('');
    return `${trunk}${branches}`;
  }
  const leaves = LEAVES[season];
  const r = (shape === 'tall' ? 48 : 70) * size;
  const crown = Array.from({ length: 4 }, (_, i) =>
    circle(
      x + (i - 1.5) * r * 0.45,
      trunkTop - r * (0.3 + (i % 2) * 0.5),
      r * 0.7,
      pick(random, leaves),
    ),
  ).join('');
  return `${trunk}${crown}`;
}

function shrubs(random: Random, fromX: number, toX: number, y: number, season: Season): string {
  const parts: string[] = [];
  for (let x = fromX; x < toX; x += between(random, 40, 90)) {
    const colour =
      season === 'winter' ? '#dfe6ea' : pick(random, ['#3f7d3a', '#4f8f46', '#5c8a3a']);
    parts.push(ellipse(x, y, between(random, 22, 36), between(random, 14, 22), colour));
    if (season === 'spring' || season === 'summer') {
      const flower = pick(random, ['#f2b8c6', '#f6d55c', '#ffffff', '#d96c8a', '#b38ad9']);
      for (let i = 0; i < 3; i++)
        parts.push(circle(x + between(random, -18, 18), y - between(random, 0, 12), 4, flower));
    }
  }
  return parts.join('');
}

function walls(
  x: number,
  y: number,
  w: number,
  h: number,
  material: Material,
  colour: string,
): string {
  const parts = [rect(x, y, w, h, colour)];
  const seam = darker(colour, 0.12);
  if (material === 'siding') {
    for (let ly = y + 14; ly < y + h; ly += 14) parts.push(line(x, ly, x + w, ly, seam, 1.5));
  } else if (material === 'boards') {
    for (let lx = x + 22; lx < x + w; lx += 22) parts.push(line(lx, y, lx, y + h, seam, 2));
  } else if (material === 'brick') {
    for (let row = 0, ly = y + 12; ly < y + h; ly += 12, row++) {
      parts.push(line(x, ly, x + w, ly, lighter(colour, 0.3), 1.2));
      for (let lx = x + (row % 2) * 18; lx < x + w; lx += 36)
        parts.push(line(lx, ly - 12, lx, ly, lighter(colour, 0.3), 1.2));
    }
  } else if (material === 'stone') {
    for (let ly = y + 26; ly < y + h; ly += 26) parts.push(line(x, ly, x + w, ly, seam, 2));
    for (let i = 0; i < (w * h) / 2600; i++) {
      const lx = x + ((i * 53) % w);
      const ly = y + ((i * 26) % h) - ((i * 26) % 26);
      parts.push(line(lx, ly, lx, ly + 26, seam, 2));
    }
  }
  return parts.join('');
}

interface WindowStyle {
  panes: 1 | 2 | 4;
  shutters: string | null;
  frame: string;
  glass: string;
}

function windowAt(x: number, y: number, w: number, h: number, style: WindowStyle): string {
  const parts = [rect(x - 5, y - 5, w + 10, h + 10, style.frame), rect(x, y, w, h, style.glass)];
  parts.push(
    polygon(
      [
        [x, y],
        [x + w * 0.45, y],
        [x, y + h * 0.6],
      ],
      '#ffffff',
      ' opacity="0.18"',
    ),
  );
  if (style.panes >= 2) parts.push(line(x + w / 2, y, x + w / 2, y + h, style.frame, 4));
  if (style.panes === 4) parts.push(line(x, y + h / 2, x + w, y + h / 2, style.frame, 4));
  if (style.shutters) {
    parts.push(rect(x - w * 0.42, y - 5, w * 0.36, h + 10, style.shutters));
    parts.push(rect(x + w * 1.06, y - 5, w * 0.36, h + 10, style.shutters));
  }
  parts.push(rect(x - 10, y + h + 4, w + 20, 7, darker(style.frame, 0.1)));
  return parts.join('');
}

function doorAt(x: number, groundY: number, w: number, h: number, colour: string): string {
  return `${rect(x - 6, groundY - h - 6, w + 12, h + 6, '#f4f1ea')}${rect(x, groundY - h, w, h, colour)}${rect(x + w * 0.2, groundY - h + 14, w * 0.6, h * 0.3, lighter(colour, 0.35))}${circle(x + w * 0.8, groundY - h / 2, 4, '#d8c27a')}`;
}

type RoofShape = 'gable' | 'hip' | 'flat' | 'shed' | 'mansard';

function roof(
  shape: RoofShape,
  x: number,
  y: number,
  w: number,
  colour: string,
  snow: boolean,
): string {
  const over = 24;
  const rise = shape === 'shed' ? 70 : Math.min(w * 0.38, 190);
  let drawn: string;
  let snowLine = '';
  if (shape === 'gable') {
    drawn = polygon(
      [
        [x - over, y],
        [x + w / 2, y - rise],
        [x + w + over, y],
      ],
      colour,
    );
    snowLine = polygon(
      [
        [x + w / 2 - 40, y - rise + 24],
        [x + w / 2, y - rise],
        [x + w / 2 + 40, y - rise + 24],
      ],
      '#f6f8fa',
    );
  } else if (shape === 'hip') {
    drawn = polygon(
      [
        [x - over, y],
        [x + w * 0.25, y - rise * 0.7],
        [x + w * 0.75, y - rise * 0.7],
        [x + w + over, y],
      ],
      colour,
    );
    snowLine = rect(x + w * 0.25, y - rise * 0.7, w * 0.5, 10, '#f6f8fa');
  } else if (shape === 'mansard') {
    drawn = `${polygon(
      [
        [x - over, y],
        [x + 30, y - rise * 0.6],
        [x + w - 30, y - rise * 0.6],
        [x + w + over, y],
      ],
      colour,
    )}${rect(x + 30, y - rise * 0.6 - 14, w - 60, 14, darker(colour, 0.2))}`;
    snowLine = rect(x + 30, y - rise * 0.6 - 20, w - 60, 8, '#f6f8fa');
  } else if (shape === 'shed') {
    drawn = polygon(
      [
        [x - over, y],
        [x - over, y - rise],
        [x + w + over, y - 20],
        [x + w + over, y],
      ],
      colour,
    );
    snowLine = polygon(
      [
        [x - over, y - rise],
        [x + w + over, y - 20],
        [x + w + over, y - 12],
        [x - over, y - rise + 8],
      ],
      '#f6f8fa',
    );
  } else {
    drawn = rect(x - 10, y - 18, w + 20, 18, colour);
    snowLine = rect(x - 10, y - 24, w + 20, 7, '#f6f8fa');
  }
  return snow ? drawn + snowLine : drawn;
}

const STOREY = 130;

interface Described {
  drawing: string;
  alt: string;
}

const storeyWords = ['', 'single-storey', 'two-storey', 'three-storey'];

/** A detached home: the house, the villa and the cabin are this with different choices. */
function detachedHome(
  random: Random,
  setting: Setting,
  kind: 'house' | 'villa' | 'cabin',
): Described {
  const villa = kind === 'villa';
  const cabin = kind === 'cabin';
  const storeys = cabin ? 1 : villa ? 2 : wholeBetween(random, 1, 2);
  const w = villa
    ? between(random, 560, 720)
    : cabin
      ? between(random, 300, 380)
      : between(random, 380, 520);
  const garage = !cabin && chance(random, villa ? 0.4 : 0.5);
  const x = (SCENE_WIDTH - w - (garage ? 200 : 0)) / 2 + between(random, -60, 60);
  const material: Material = cabin
    ? 'boards'
    : pick(
        random,
        villa ? ['render', 'render', 'stone'] : ['siding', 'brick', 'render', 'boards', 'stone'],
      );
  const wall =
    material === 'brick'
      ? pick(random, BRICKS)
      : cabin
        ? { name: 'timber', hex: pick(random, ['#9c6b43', '#7a5132', '#b07d4f']) }
        : pick(random, WALLS);
  const h = storeys * STOREY;
  const top = setting.groundY - h;
  const roofShape: RoofShape = villa
    ? pick(random, ['flat', 'hip', 'flat'])
    : cabin
      ? pick(random, ['gable', 'shed'])
      : pick(random, ['gable', 'gable', 'hip', 'mansard', 'shed', 'flat']);
  const roofColour = pick(random, ROOFS);
  const door = pick(random, DOORS);
  const lit = setting.time === 'night' || setting.time === 'dusk';
  const style: WindowStyle = {
    panes: villa ? 1 : pick(random, [1, 2, 4] as const),
    shutters:
      !villa && !cabin && chance(random, 0.3)
        ? pick(random, ['#2f5d8a', '#2f6b4a', '#3b3b3b', '#8c3b2f', '#f4f1ea'])
        : null,
    frame: pick(random, ['#f7f7f2', '#2b2b2b', '#6b4a2b', '#d9d4c7']),
    glass: lit ? '#f6d98b' : pick(random, ['#9fc5e8', '#8fb9d6', '#b5d3e7', '#a7c4d4']),
  };
  const parts: string[] = [];
  if (chance(random, 0.5) && !cabin)
    parts.push(rect(x + w * 0.7, top - 150, 34, 110, darker(wall.hex, 0.3)));
  parts.push(roof(roofShape, x, top, w, roofColour, setting.season === 'winter'));
  parts.push(walls(x, top, w, h, material, wall.hex));
  const columns = Math.max(2, Math.floor(w / (villa ? 150 : 120)));
  const doorColumn = Math.floor(columns / 2);
  const windowW = villa ? 110 : 64;
  const windowH = villa ? 90 : 74;
  for (let storey = 0; storey < storeys; storey++) {
    for (let c = 0; c < columns; c++) {
      if (storey === 0 && c === doorColumn) continue;
      const cx = x + ((c + 0.5) * w) / columns - windowW / 2;
      parts.push(windowAt(cx, top + storey * STOREY + 26, windowW, windowH, style));
    }
  }
  const doorX = x + ((doorColumn + 0.5) * w) / columns - 30;
  const porch = !villa && chance(random, 0.45);
  if (porch) {
    parts.push(rect(doorX - 60, setting.groundY - 118, 180, 14, roofColour));
    parts.push(
      rect(doorX - 52, setting.groundY - 104, 10, 104, '#f4f1ea'),
      rect(doorX + 102, setting.groundY - 104, 10, 104, '#f4f1ea'),
    );
  }
  parts.push(doorAt(doorX, setting.groundY, 60, 104, door.hex));
  parts.push(rect(doorX - 20, setting.groundY, 100, 10, '#b8b2a6'));
  const balcony = storeys === 2 && chance(random, villa ? 0.7 : 0.3);
  if (balcony) {
    const bx = x + w * 0.15;
    parts.push(rect(bx, top + STOREY - 8, w * 0.35, 12, '#d9d4c7'));
    for (let bxi = bx; bxi < bx + w * 0.35; bxi += 16)
      parts.push(line(bxi, top + STOREY - 44, bxi, top + STOREY - 8, '#3b3b3b', 3));
    parts.push(line(bx, top + STOREY - 44, bx + w * 0.35, top + STOREY - 44, '#3b3b3b', 4));
  }
  if (garage) {
    const gx = x + w;
    const garageColour = darker(wall.hex, 0.06);
    parts.push(
      roof('flat', gx, setting.groundY - 120, 190, roofColour, setting.season === 'winter'),
    );
    parts.push(walls(gx, setting.groundY - 120, 190, 120, material, garageColour));
    parts.push(rect(gx + 25, setting.groundY - 96, 140, 96, '#e8e4da'));
    for (let gy = setting.groundY - 80; gy < setting.groundY; gy += 16)
      parts.push(line(gx + 25, gy, gx + 165, gy, '#b8b2a6', 2));
    parts.push(
      polygon(
        [
          [gx + 25, setting.groundY],
          [gx + 165, setting.groundY],
          [gx + 200, 800],
          [gx - 20, 800],
        ],
        '#a8a49b',
      ),
    );
  }
  parts.push(
    polygon(
      [
        [doorX + 10, setting.groundY + 10],
        [doorX + 50, setting.groundY + 10],
        [doorX + 110, 800],
        [doorX - 50, 800],
      ],
      '#cbbfa8',
    ),
  );
  const pool = villa && chance(random, 0.85);
  if (pool) {
    parts.push(
      rect(x - 80, setting.groundY + 60, w * 0.7, 70, '#e8e4da'),
      rect(x - 70, setting.groundY + 68, w * 0.7 - 20, 54, '#4fb3d9'),
    );
    for (let i = 0; i < 5; i++)
      parts.push(
        line(
          x - 50 + i * 60,
          setting.groundY + 84 + (i % 2) * 16,
          x - 20 + i * 60,
          setting.groundY + 84 + (i % 2) * 16,
          '#bfe8f5',
          3,
        ),
      );
  }
  const fence = chance(random, villa ? 0.2 : 0.45);
  if (fence) parts.push(picketFence(random, setting.groundY + 40));
  parts.push(shrubs(random, x - 10, x + w, setting.groundY + 6, setting.season));
  const treeKind = villa
    ? pick(random, ['palm', 'conifer', undefined])
    : cabin
      ? 'conifer'
      : undefined;
  if (chance(random, 0.85))
    parts.push(
      tree(
        random,
        between(random, 60, Math.max(80, x - 90)),
        setting.groundY + 30,
        setting.season,
        treeKind,
      ),
    );
  if (chance(random, 0.6))
    parts.push(
      tree(
        random,
        between(random, Math.min(1120, x + w + (garage ? 230 : 90)), 1160),
        setting.groundY + 30,
        setting.season,
        treeKind,
      ),
    );

  const noun = villa ? 'villa' : cabin ? 'cabin' : 'house';
  const wallWords =
    material === 'brick'
      ? wall.name
      : cabin
        ? 'timber'
        : `${wall.name}${material === 'stone' ? ' stone' : ''}`;
  const extras = [
    pool ? 'a pool' : null,
    garage ? 'a garage' : null,
    porch ? 'a porch' : null,
    balcony && !pool ? 'a balcony' : null,
    fence && !garage ? 'a picket fence' : null,
  ].filter((extra): extra is string => extra !== null);
  const storeyWord = cabin ? '' : `${storeyWords[storeys]} `;
  const alt = `Front of ${withArticle(`${storeyWord}${wallWords} ${noun}`)} with ${listed([withArticle(`${door.name} door`), ...extras.slice(0, 2)])}`;
  return { drawing: parts.join(''), alt };
}

function picketFence(random: Random, y: number): string {
  const colour = pick(random, ['#f7f7f2', '#d9d4c7', '#8b6b47']);
  const parts = [rect(0, y - 26, SCENE_WIDTH, 6, colour)];
  for (let x = 10; x < SCENE_WIDTH; x += 26)
    parts.push(
      polygon(
        [
          [x, y],
          [x, y - 44],
          [x + 6, y - 52],
          [x + 12, y - 44],
          [x + 12, y],
        ],
        colour,
      ),
    );
  return parts.join('');
}

function blockOfFlats(random: Random, setting: Setting, condo: boolean): Described {
  const floors = condo ? wholeBetween(random, 3, 6) : wholeBetween(random, 5, 9);
  const floorH = Math.min(condo ? 78 : 62, (setting.groundY - 60) / floors);
  const h = floors * floorH + 30;
  const w = condo ? between(random, 460, 640) : between(random, 320, 460);
  const x = (SCENE_WIDTH - w) / 2 + between(random, -80, 80);
  const top = setting.groundY - h;
  const material: Material = pick(
    random,
    condo ? ['render', 'stone', 'render'] : ['brick', 'render', 'siding'],
  );
  const wall = material === 'brick' ? pick(random, BRICKS) : pick(random, WALLS);
  const lit = setting.time === 'night' || setting.time === 'dusk';
  const balconies = chance(random, condo ? 0.8 : 0.5);
  const glassy = condo && chance(random, 0.5);
  const parts: string[] = [];
  for (const side of [-1, 1]) {
    const nw = between(random, 160, 260);
    const nh = between(random, 160, h * 0.8);
    const nx = side < 0 ? x - nw - between(random, 20, 60) : x + w + between(random, 20, 60);
    parts.push(
      rect(nx, setting.groundY - nh, nw, nh, mix(pick(random, WALLS).hex, '#8b95a3', 0.3)),
    );
    for (let wy = setting.groundY - nh + 20; wy < setting.groundY - 40; wy += 50) {
      for (let wx = nx + 16; wx < nx + nw - 30; wx += 44)
        parts.push(rect(wx, wy, 24, 28, lit && chance(random, 0.5) ? '#f6d98b' : '#9fb7c9'));
    }
  }
  parts.push(walls(x, top, w, h, material, wall.hex));
  parts.push(rect(x - 8, top - 14, w + 16, 14, darker(wall.hex, 0.3)));
  const columns = Math.max(3, Math.floor(w / 70));
  const frame = pick(random, ['#f7f7f2', '#2b2b2b', '#6b6b6b']);
  for (let f = 0; f < floors; f++) {
    const fy = top + 20 + f * floorH;
    if (glassy) {
      parts.push(rect(x + 14, fy, w - 28, floorH - 14, lit ? '#f1d48f' : '#8fb9d6'));
      for (let c = 1; c < columns; c++)
        parts.push(
          line(
            x + 14 + (c * (w - 28)) / columns,
            fy,
            x + 14 + (c * (w - 28)) / columns,
            fy + floorH - 14,
            frame,
            3,
          ),
        );
    } else {
      for (let c = 0; c < columns; c++) {
        const glass = lit && chance(random, 0.6) ? '#f6d98b' : '#a7c4d4';
        parts.push(
          windowAt(x + ((c + 0.5) * w) / columns - 18, fy + 6, 36, floorH - 30, {
            panes: 2,
            shutters: null,
            frame,
            glass,
          }),
        );
      }
    }
    if (balconies && f < floors - 1) {
      parts.push(rect(x - 10, fy + floorH - 14, w + 20, 8, '#d9d4c7'));
      parts.push(rect(x - 10, fy + floorH - 36, w + 20, 22, '#ffffff', ' opacity="0.35"'));
    }
  }
  const entrance = x + w / 2 - 40;
  parts.push(rect(entrance - 20, setting.groundY - 96, 120, 12, darker(wall.hex, 0.35)));
  parts.push(
    rect(entrance, setting.groundY - 84, 80, 84, '#3a4a56'),
    rect(entrance + 6, setting.groundY - 78, 68, 72, '#9fb7c9'),
  );
  parts.push(shrubs(random, x - 30, x + w + 30, setting.groundY + 8, setting.season));
  if (chance(random, 0.8))
    parts.push(tree(random, between(random, 40, 140), setting.groundY + 40, setting.season));
  if (chance(random, 0.6))
    parts.push(tree(random, between(random, 1060, 1160), setting.groundY + 40, setting.season));
  const noun = condo ? 'condominium building' : 'apartment building';
  const storeyCount = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'][
    floors
  ];
  const look = glassy ? 'glass-fronted' : material === 'brick' ? wall.name : wall.name;
  return {
    drawing: parts.join(''),
    alt: capitalised(`${storeyCount}-storey ${look} ${noun}${balconies ? ' with balconies' : ''}`),
  };
}

function terrace(random: Random, setting: Setting): Described {
  const units = wholeBetween(random, 3, 5);
  const unitW = between(random, 150, 200);
  const storeys = wholeBetween(random, 2, 3);
  const h = storeys * 110;
  const x0 = (SCENE_WIDTH - units * unitW) / 2;
  const top = setting.groundY - h;
  const roofShape: RoofShape = pick(random, ['gable', 'flat', 'mansard']);
  const roofColour = pick(random, ROOFS);
  const colours = Array.from({ length: units }, () => pick(random, [...WALLS, ...BRICKS]));
  const doorColours = Array.from({ length: units }, () => pick(random, DOORS));
  const frame = pick(random, ['#f7f7f2', '#2b2b2b']);
  const lit = setting.time === 'night' || setting.time === 'dusk';
  const parts: string[] = [];
  for (let u = 0; u < units; u++) {
    const ux = x0 + u * unitW;
    const colour = colours[u] as NamedColour;
    parts.push(roof(roofShape, ux, top, unitW, roofColour, setting.season === 'winter'));
    parts.push(
      walls(ux, top, unitW, h, colour.name.includes('brick') ? 'brick' : 'render', colour.hex),
    );
    for (let s = 0; s < storeys; s++) {
      const glass = lit ? '#f6d98b' : '#a7c4d4';
      if (s === storeys - 1) {
        parts.push(
          windowAt(ux + unitW * 0.18, top + s * 110 + 24, unitW * 0.26, 62, {
            panes: 2,
            shutters: null,
            frame,
            glass,
          }),
        );
      } else {
        parts.push(
          windowAt(ux + unitW * 0.15, top + s * 110 + 20, unitW * 0.3, 70, {
            panes: 4,
            shutters: null,
            frame,
            glass,
          }),
        );
        parts.push(
          windowAt(ux + unitW * 0.58, top + s * 110 + 20, unitW * 0.3, 70, {
            panes: 4,
            shutters: null,
            frame,
            glass,
          }),
        );
      }
    }
    parts.push(
      doorAt(ux + unitW * 0.6, setting.groundY - 12, 44, 88, (doorColours[u] as NamedColour).hex),
    );
    parts.push(rect(ux + unitW * 0.55, setting.groundY - 12, 64, 12, '#b8b2a6'));
    parts.push(plant(random, ux + unitW * 0.3, setting.groundY + 6, 44));
    parts.push(line(ux, top, ux, setting.groundY, darker(colour.hex, 0.3), 3));
  }
  parts.push(rect(0, setting.groundY + 20, SCENE_WIDTH, 30, '#b8b2a6'));
  if (chance(random, 0.7))
    parts.push(
      tree(random, between(random, 40, x0 - 40), setting.groundY + 60, setting.season, 'tall'),
    );
  const distinct = [...new Set(colours.map((colour) => colour.name))];
  return {
    drawing: parts.join(''),
    alt: `A row of ${['', '', '', 'three', 'four', 'five'][units]} ${storeyWords[storeys]} townhouses in ${listed(distinct.slice(0, 3))}`,
  };
}

function shopfront(random: Random, setting: Setting): Described {
  const office = chance(random, 0.4);
  const floors = office ? wholeBetween(random, 3, 5) : wholeBetween(random, 1, 3);
  const w = between(random, 520, 760);
  const x = (SCENE_WIDTH - w) / 2;
  const h = 150 + (floors - 1) * 100;
  const top = setting.groundY - h;
  const wall = pick(random, WALLS);
  const brand = pick(random, DOORS.slice(0, 6));
  const lit = setting.time === 'night' || setting.time === 'dusk';
  const parts = [
    walls(x, top, w, h, pick(random, ['render', 'brick', 'stone'] as Material[]), wall.hex),
  ];
  parts.push(rect(x - 10, top - 16, w + 20, 16, darker(wall.hex, 0.3)));
  for (let f = 1; f < floors; f++) {
    const fy = top + (f - 1) * 100 + 18;
    if (office) parts.push(rect(x + 16, fy, w - 32, 70, lit ? '#f1d48f' : '#8fb9d6'));
    else
      for (let wx = x + 30; wx < x + w - 60; wx += 90)
        parts.push(
          windowAt(wx, fy, 54, 64, {
            panes: 2,
            shutters: null,
            frame: '#f7f7f2',
            glass: '#a7c4d4',
          }),
        );
  }
  const shopTop = setting.groundY - 150;
  parts.push(rect(x, shopTop, w, 36, brand.hex));
  for (let i = 0; i < 3; i++)
    parts.push(circle(x + 40 + i * 26, shopTop + 18, 8, '#ffffff', ' opacity="0.85"'));
  parts.push(rect(x + 130, shopTop + 12, w * 0.3, 12, '#ffffff', ' opacity="0.75"'));
  const awning = !office && chance(random, 0.7);
  if (awning) {
    for (let ax = x; ax < x + w; ax += 40) {
      parts.push(
        polygon(
          [
            [ax, shopTop + 36],
            [ax + 40, shopTop + 36],
            [ax + 46, shopTop + 80],
            [ax + 6, shopTop + 80],
          ],
          (ax - x) % 80 === 0 ? brand.hex : '#f4f1ea',
        ),
      );
    }
  }
  parts.push(
    rect(
      x + 24,
      shopTop + (awning ? 84 : 50),
      w - 48,
      setting.groundY - shopTop - (awning ? 84 : 50),
      lit ? '#f3dca0' : '#b9d6e6',
    ),
  );
  parts.push(rect(x + w / 2 - 35, setting.groundY - 100, 70, 100, darker(brand.hex, 0.3)));
  parts.push(rect(0, setting.groundY, SCENE_WIDTH, 40, '#b8b2a6'));
  for (let px = 40; px < SCENE_WIDTH; px += 260)
    parts.push(plant(random, px, setting.groundY + 20, 50));
  const noun = office
    ? 'office building'
    : floors > 1
      ? `${storeyWords[floors]} shop building`
      : 'shopfront';
  return {
    drawing: parts.join(''),
    alt: `${capitalised(withArticle(`${wall.name} ${noun}`))} with ${withArticle(`${brand.name} sign`)}${awning ? ' and a striped awning' : ''}`,
  };
}

function plot(random: Random, setting: Setting): Described {
  const parts: string[] = [];
  const field =
    setting.season === 'winter'
      ? '#f2f5f7'
      : pick(random, ['#c9b458', '#8fb25a', '#a8a04a', '#7da453']);
  const furrows = chance(random, 0.5);
  parts.push(
    `<path d="M0,${setting.groundY + 20} C300,${setting.groundY - 30} 700,${setting.groundY + 40} 1200,${setting.groundY - 10} L1200,800 L0,800 Z" fill="${field}"/>`,
  );
  if (furrows) {
    for (let i = 0; i < 12; i++)
      parts.push(
        line(
          600 + (i - 6) * 20,
          setting.groundY + 20,
          600 + (i - 6) * 160,
          800,
          darker(field, 0.12),
          3,
        ),
      );
  }
  const pond = chance(random, 0.35);
  if (pond)
    parts.push(ellipse(between(random, 250, 950), setting.groundY + 120, 140, 34, '#5d9fc4'));
  const fenceColour = pick(random, ['#8b6b47', '#6b4a2b', '#a8a49b']);
  const fenceY = setting.groundY + between(random, 140, 200);
  for (let x = 30; x < SCENE_WIDTH; x += 90) parts.push(rect(x, fenceY - 60, 10, 70, fenceColour));
  parts.push(
    line(0, fenceY - 48, SCENE_WIDTH, fenceY - 52, fenceColour, 4),
    line(0, fenceY - 24, SCENE_WIDTH, fenceY - 26, fenceColour, 4),
  );
  const trees = wholeBetween(random, 1, 5);
  for (let i = 0; i < trees; i++)
    parts.push(
      tree(
        random,
        between(random, 60, 1140),
        setting.groundY + between(random, 0, 40),
        setting.season,
      ),
    );
  const barn = chance(random, 0.3);
  if (barn) {
    const bx = between(random, 150, 900);
    parts.push(
      polygon(
        [
          [bx, setting.groundY - 30],
          [bx + 40, setting.groundY - 70],
          [bx + 80, setting.groundY - 30],
        ],
        '#6e2f25',
      ),
      rect(bx, setting.groundY - 30, 80, 40, '#a4503a'),
    );
  }
  const marker = rect(between(random, 400, 800), fenceY - 90, 8, 100, '#f4f1ea');
  parts.push(marker);
  const seasonWords: Record<Season, string> = {
    spring: 'in spring',
    summer: 'in summer',
    autumn: 'in autumn',
    winter: 'under snow',
  };
  return {
    drawing: parts.join(''),
    alt: `Open ${furrows ? 'farmland' : 'meadow'} ${seasonWords[setting.season]}${pond ? ' with a pond' : ''}${barn ? ' and an old barn' : ''}, fenced along the road`,
  };
}

function otherHome(random: Random, setting: Setting): Described {
  if (chance(random, 0.5)) return detachedHome(random, setting, 'cabin');
  const bx = between(random, 380, 560);
  const red = pick(random, [
    { name: 'red', hex: '#a4363a' },
    { name: 'grey', hex: '#8a8f94' },
    { name: 'green', hex: '#4f6b4a' },
  ]);
  const h = 220;
  const top = setting.groundY - h;
  const parts = [
    polygon(
      [
        [bx - 20, top],
        [bx + 40, top - 90],
        [bx + 260, top - 90],
        [bx + 320, top],
      ],
      '#3f4247',
    ),
    walls(bx, top, 300, h, 'boards', red.hex),
    rect(bx + 100, setting.groundY - 130, 100, 130, '#f4f1ea'),
    line(bx + 100, setting.groundY - 130, bx + 200, setting.groundY, red.hex, 8),
    line(bx + 200, setting.groundY - 130, bx + 100, setting.groundY, red.hex, 8),
    windowAt(bx + 130, top + 20, 40, 40, {
      panes: 4,
      shutters: null,
      frame: '#f4f1ea',
      glass: '#a7c4d4',
    }),
    tree(random, between(random, 60, bx - 80), setting.groundY + 20, setting.season),
    shrubs(random, bx + 340, 1150, setting.groundY + 10, setting.season),
  ];
  return { drawing: parts.join(''), alt: `A converted ${red.name} barn with wide doors` };
}

const TIMES: TimeOfDay[] = [
  'morning',
  'midday',
  'midday',
  'golden hour',
  'golden hour',
  'dusk',
  'night',
];
const SEASONS: Season[] = ['spring', 'summer', 'summer', 'autumn', 'winter'];
const TIME_WORDS: Record<TimeOfDay, string> = {
  morning: 'in the morning',
  midday: '',
  'golden hour': 'in the evening sun',
  dusk: 'at dusk',
  night: 'at night',
};
const CAPTIONS = [
  'Morning light on the front of the home',
  'Plenty of room to park out front',
  'A quiet street lined with trees',
  'Freshly painted outside last year',
  'The garden gets the sun all afternoon',
  'A short walk to shops and schools',
];

/** The front of a home of this type, drawn from `seed`: the same seed draws the same picture. */
export function exteriorScene(
  type: ListingType,
  seed: number,
  width: number,
  height: number,
): Scene {
  const random = sceneRandom(seed);
  const setting: Setting = {
    time: pick(random, TIMES),
    season: pick(random, SEASONS),
    groundY: between(random, 560, 620),
  };
  const sky = backdrop(random, setting);
  const building =
    type === 'House'
      ? detachedHome(random, setting, 'house')
      : type === 'Villa'
        ? detachedHome(random, setting, 'villa')
        : type === 'Apartment'
          ? blockOfFlats(random, setting, false)
          : type === 'Condo'
            ? blockOfFlats(random, setting, true)
            : type === 'Townhouse'
              ? terrace(random, setting)
              : type === 'Commercial'
                ? shopfront(random, setting)
                : type === 'Land'
                  ? plot(random, setting)
                  : otherHome(random, setting);
  const when = type === 'Land' ? '' : TIME_WORDS[setting.time];
  return {
    svg: svgDocument(sky + building.drawing, width, height),
    alt: when ? `${building.alt} ${when}` : building.alt,
    caption: chance(random, 0.3) ? pick(random, CAPTIONS) : null,
  };
}

/** Another view across a plot of land, for listings of land, which have no rooms to show. */
export function landScene(seed: number, width: number, height: number): Scene {
  return exteriorScene('Land', seed, width, height);
}
