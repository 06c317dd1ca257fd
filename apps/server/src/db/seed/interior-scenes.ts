import type { Random } from '../../lib/seeded-random.js';
import {
  artwork,
  between,
  capitalised,
  chance,
  circle,
  darker,
  ellipse,
  lighter,
  line,
  type NamedColour,
  pick,
  plant,
  polygon,
  rect,
  type Scene,
  sceneRandom,
  svgDocument,
  verticalGradient,
  wholeBetween,
  withArticle,
} from './scene-kit.js';

/*
 * Rooms seen from their doorway: a back wall with a window onto a view, a floor, and the room's
 * furniture in colours, shapes and places chosen by the seed.
 */

export const ROOM_KINDS = [
  'living room',
  'kitchen',
  'bedroom',
  'bathroom',
  'dining room',
  'office',
] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

const FLOOR_Y = 560;

const WALL_COLOURS = [
  '#f2ece1',
  '#e9e4da',
  '#dfe7ea',
  '#e7ddd0',
  '#d8e2d3',
  '#f3e2d4',
  '#d9d4e4',
  '#c9d6df',
  '#3e4a52',
  '#eadcc0',
];
const FABRICS: NamedColour[] = [
  { name: 'green', hex: '#4f7a5a' },
  { name: 'navy', hex: '#2f3f5e' },
  { name: 'grey', hex: '#8a8f94' },
  { name: 'mustard', hex: '#d4a43a' },
  { name: 'rust', hex: '#b5603c' },
  { name: 'blue', hex: '#4f7ca8' },
  { name: 'cream', hex: '#e8dcc4' },
  { name: 'pink', hex: '#d99aa0' },
  { name: 'teal', hex: '#2f7a7a' },
];
const WOODS = ['#b88a5a', '#8a5a3a', '#d9b98a', '#6b4a2b', '#c9a27a'];
const CABINETS: NamedColour[] = [
  { name: 'white', hex: '#f4f1ea' },
  { name: 'sage green', hex: '#9fb59a' },
  { name: 'navy', hex: '#2f3f5e' },
  { name: 'oak', hex: '#c9a27a' },
  { name: 'grey', hex: '#8a8f94' },
  { name: 'black', hex: '#2b2b2b' },
];
const VIEWS = ['garden', 'city', 'sea', 'hills', 'trees'] as const;

function walls(random: Random, kind: RoomKind) {
  const wall = pick(random, WALL_COLOURS);
  const floorKind =
    kind === 'bathroom'
      ? 'tiles'
      : pick(random, ['planks', 'planks', 'tiles', 'carpet', 'concrete'] as const);
  const floor =
    floorKind === 'planks'
      ? pick(random, WOODS)
      : floorKind === 'tiles'
        ? pick(random, ['#e6e1d8', '#b8b2a6', '#d9d4c7', '#8a8f94'])
        : floorKind === 'carpet'
          ? pick(random, ['#cfc6b6', '#a8b3b8', '#b9a894'])
          : '#b0aca4';
  const parts = [
    `<defs>${verticalGradient('wall', lighter(wall, 0.08), darker(wall, 0.06))}${verticalGradient('floor', darker(floor, 0.12), floor)}</defs>`,
    rect(0, 0, 1200, FLOOR_Y, 'url(#wall)'),
    rect(0, FLOOR_Y, 1200, 240, 'url(#floor)'),
    rect(0, FLOOR_Y - 14, 1200, 14, darker(wall, 0.12)),
  ];
  if (floorKind === 'planks') {
    for (let i = -10; i <= 10; i++)
      parts.push(line(600 + i * 40, FLOOR_Y, 600 + i * 130, 800, darker(floor, 0.15), 2));
  } else if (floorKind === 'tiles') {
    for (let i = -10; i <= 10; i++)
      parts.push(line(600 + i * 60, FLOOR_Y, 600 + i * 180, 800, darker(floor, 0.1), 2));
    for (let y = FLOOR_Y + 30; y < 800; y += 40 + (y - FLOOR_Y) * 0.3)
      parts.push(line(0, y, 1200, y, darker(floor, 0.1), 2));
  }
  return { drawing: parts.join(''), wall, dark: wall === '#3e4a52' };
}

function windowView(
  random: Random,
  x: number,
  y: number,
  w: number,
  h: number,
): { drawing: string; view: (typeof VIEWS)[number] } {
  const view = pick(random, VIEWS);
  const evening = chance(random, 0.2);
  const sky = evening ? ['#f0a35e', '#fde3b0'] : ['#8ec5e8', '#e8f3fa'];
  const horizon = y + h * 0.6;
  const scenery: string[] = [];
  if (view === 'sea')
    scenery.push(
      rect(x, horizon, w, h * 0.4, '#3f87b5'),
      line(x, horizon + 12, x + w, horizon + 12, '#9fd0ea', 2),
    );
  else if (view === 'city') {
    for (let bx = x; bx < x + w; bx += between(random, 30, 60)) {
      const bh = between(random, h * 0.2, h * 0.6);
      scenery.push(
        rect(
          bx,
          y + h - bh,
          between(random, 24, 50),
          bh,
          pick(random, ['#8b95a3', '#a3acb8', '#6f7a88']),
        ),
      );
    }
  } else if (view === 'hills') {
    scenery.push(
      ellipse(x + w * 0.3, y + h, w * 0.6, h * 0.35, '#7da453'),
      ellipse(x + w * 0.9, y + h, w * 0.5, h * 0.28, '#5f9a45'),
    );
  } else {
    scenery.push(rect(x, horizon, w, h * 0.4, '#79b05a'));
    for (let i = 0; i < (view === 'trees' ? 5 : 2); i++)
      scenery.push(
        circle(
          x + between(random, 0, w),
          horizon - between(random, 0, 20),
          between(random, 20, 40),
          pick(random, ['#3f7d3a', '#4f8f46']),
        ),
      );
  }
  const frame = pick(random, ['#f7f7f2', '#2b2b2b', '#8a5a3a']);
  const curtains = chance(random, 0.55) ? pick(random, FABRICS).hex : null;
  const drawing = [
    `<defs>${verticalGradient('view', sky[0] as string, sky[1] as string)}</defs>`,
    `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="${x} ${y} ${w} ${h}">${rect(x, y, w, h, 'url(#view)')}${scenery.join('')}</svg>`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${frame}" stroke-width="14"/>`,
    line(x + w / 2, y, x + w / 2, y + h, frame, 8),
    rect(x - 16, y + h, w + 32, 12, lighter(frame, 0.2)),
    curtains
      ? `${rect(x - 60, y - 30, 70, h + 60, curtains)}${rect(x + w - 10, y - 30, 70, h + 60, curtains)}${rect(x - 70, y - 36, w + 140, 8, '#5a5a5a')}`
      : '',
  ].join('');
  return { drawing, view };
}

const lamp = (random: Random, x: number, floorY: number) => {
  const shade = pick(random, ['#f4efe2', '#e3b23c', '#2b2b2b', '#d9c2a0']);
  return `${line(x, floorY, x, floorY - 300, '#3b3b3b', 5)}${ellipse(x, floorY, 34, 8, '#3b3b3b')}${polygon(
    [
      [x - 40, floorY - 290],
      [x + 40, floorY - 290],
      [x + 28, floorY - 350],
      [x - 28, floorY - 350],
    ],
    shade,
  )}${ellipse(x, floorY - 286, 60, 18, '#fff3c4', ' opacity="0.35"')}`;
};

const pendant = (random: Random, x: number, length: number) => {
  const colour = pick(random, ['#2b2b2b', '#c9a86b', '#f4f1ea', '#2f7a7a']);
  return `${line(x, 0, x, length, '#3b3b3b', 3)}${
    chance(random, 0.5)
      ? polygon(
          [
            [x - 36, length + 40],
            [x + 36, length + 40],
            [x + 14, length],
            [x - 14, length],
          ],
          colour,
        )
      : `${circle(x, length + 22, 26, colour)}`
  }${ellipse(x, length + 46, 28, 8, '#fff3c4', ' opacity="0.6"')}`;
};

const rug = (random: Random, cx: number, cy: number, w: number) => {
  const colour = pick(random, FABRICS);
  const round = chance(random, 0.3);
  const border = lighter(colour.hex, 0.35);
  return round
    ? `${ellipse(cx, cy, w / 2, 44, colour.hex)}${ellipse(cx, cy, w / 2 - 24, 30, border)}`
    : `${polygon(
        [
          [cx - w / 2 + 40, cy - 40],
          [cx + w / 2 - 40, cy - 40],
          [cx + w / 2, cy + 50],
          [cx - w / 2, cy + 50],
        ],
        colour.hex,
      )}${polygon(
        [
          [cx - w / 2 + 70, cy - 28],
          [cx + w / 2 - 70, cy - 28],
          [cx + w / 2 - 36, cy + 38],
          [cx - w / 2 + 36, cy + 38],
        ],
        'none',
        ` stroke="${border}" stroke-width="6"`,
      )}`;
};

function shelves(random: Random, x: number, y: number, w: number, rows: number): string {
  const wood = pick(random, WOODS);
  const parts: string[] = [];
  for (let r = 0; r < rows; r++) {
    const sy = y + r * 80;
    parts.push(rect(x, sy + 70, w, 10, wood));
    for (let bx = x + 8; bx < x + w - 20; bx += between(random, 14, 22)) {
      if (chance(random, 0.15)) continue;
      const bh = between(random, 40, 64);
      parts.push(rect(bx, sy + 70 - bh, between(random, 10, 16), bh, pick(random, FABRICS).hex));
    }
  }
  return parts.join('');
}

interface Room {
  drawing: string;
  alt: string;
}

function livingRoom(random: Random): Room {
  const sofa = pick(random, FABRICS);
  const sx = between(random, 260, 480);
  const sw = between(random, 380, 480);
  const corner = chance(random, 0.3);
  const parts = [rug(random, sx + sw / 2, 700, sw + 200)];
  parts.push(
    rect(sx, 430, sw, 110, darker(sofa.hex, 0.1), ' rx="18"'),
    rect(sx - 20, 480, sw + 40, 80, sofa.hex, ' rx="18"'),
  );
  parts.push(
    rect(sx - 34, 450, 44, 120, darker(sofa.hex, 0.15), ' rx="14"'),
    rect(sx + sw - 10, 450, 44, 120, darker(sofa.hex, 0.15), ' rx="14"'),
  );
  if (corner) parts.push(rect(sx + sw - 10, 500, 150, 90, sofa.hex, ' rx="14"'));
  for (let c = 0; c < wholeBetween(random, 2, 4); c++)
    parts.push(rect(sx + 20 + c * 90, 440, 70, 60, pick(random, FABRICS).hex, ' rx="12"'));
  parts.push(rect(sx - 10, 560, 14, 26, '#3b3b3b'), rect(sx + sw - 4, 560, 14, 26, '#3b3b3b'));
  const table = pick(random, WOODS);
  parts.push(
    ellipse(sx + sw / 2, 650, 120, 26, table),
    rect(sx + sw / 2 - 6, 650, 12, 50, darker(table, 0.2)),
  );
  if (chance(random, 0.7)) parts.push(lamp(random, sx - 90, 600));
  if (chance(random, 0.6)) parts.push(plant(random, between(random, 1040, 1130), 620, 150));
  const tv = chance(random, 0.35);
  if (tv)
    parts.push(
      rect(sx + sw + 150, 300, 180, 104, '#1d1f22'),
      rect(sx + sw + 140, 520, 200, 60, pick(random, WOODS)),
    );
  else if (chance(random, 0.5)) parts.push(shelves(random, 900, 190, 200, 4));
  return {
    drawing: parts.join(''),
    alt: `Living room with ${withArticle(`${sofa.name} ${corner ? 'corner sofa' : 'sofa'}`)}${tv ? ' and a television' : ''}`,
  };
}

function kitchen(random: Random): Room {
  const cabinets = pick(random, CABINETS);
  const counter = pick(random, ['#f4f1ea', '#2b2b2b', '#c9c4ba', '#b88a5a']);
  const parts: string[] = [];
  // Splashback tiles.
  const tile = pick(random, ['#f4f1ea', '#cfe0e8', '#e6d3c0', '#b9d0c4', '#2f3f5e']);
  parts.push(rect(60, 300, 1080, 120, tile));
  for (let x = 60; x < 1140; x += 40) parts.push(line(x, 300, x, 420, darker(tile, 0.12), 1.5));
  for (let y = 320; y < 420; y += 20) parts.push(line(60, y, 1140, y, darker(tile, 0.12), 1.5));
  // Upper and lower cabinets, the oven and the sink.
  for (let x = 60; x < 1140; x += 120) {
    if (x < 380 || x > 720)
      parts.push(rect(x + 4, 110, 112, 180, cabinets.hex), rect(x + 50, 260, 20, 6, '#b8b2a6'));
    parts.push(rect(x + 4, 430, 112, 130, cabinets.hex), rect(x + 40, 446, 40, 6, '#b8b2a6'));
  }
  parts.push(rect(50, 416, 1100, 18, counter));
  parts.push(rect(540, 440, 120, 110, '#2b2b2b'), rect(552, 470, 96, 60, '#444a50'));
  parts.push(
    rect(820, 410, 130, 10, '#9aa1a8'),
    line(885, 370, 885, 410, '#9aa1a8', 6),
    line(885, 370, 910, 370, '#9aa1a8', 6),
  );
  if (chance(random, 0.5)) parts.push(rect(1150 - 40, 90, 90, 470, '#d9dde0'));
  const island = chance(random, 0.55);
  if (island) {
    parts.push(
      rect(300, 560, 600, 140, darker(cabinets.hex, 0.08)),
      rect(280, 540, 640, 24, counter),
    );
    const stool = pick(random, ['#2b2b2b', '#b88a5a', '#c9a86b']);
    for (let i = 0; i < 3; i++)
      parts.push(
        ellipse(400 + i * 200, 690, 36, 10, stool),
        line(400 + i * 200, 690, 400 + i * 200, 790, stool, 6),
      );
    for (let i = 0; i < 3; i++) parts.push(pendant(random, 400 + i * 200, 160));
  } else {
    parts.push(rug(random, 600, 700, 500));
  }
  if (chance(random, 0.6)) parts.push(plant(random, 150, 416, 80));
  parts.push(circle(700, 390, 18, '#e0b64c'), circle(730, 396, 14, '#b5603c'));
  return {
    drawing: parts.join(''),
    alt: island
      ? `Kitchen with an island and ${cabinets.name} cabinets`
      : `Kitchen with ${cabinets.name} cabinets`,
  };
}

function bedroom(random: Random): Room {
  const cover = pick(random, FABRICS);
  const headboard = pick(random, [...FABRICS, { name: 'wooden', hex: pick(random, WOODS) }]);
  const bx = between(random, 330, 470);
  const bw = between(random, 340, 420);
  const parts = [rug(random, bx + bw / 2, 720, bw + 260)];
  parts.push(rect(bx - 20, 330, bw + 40, 200, headboard.hex, ' rx="16"'));
  parts.push(rect(bx, 470, bw, 130, '#f4f1ea', ' rx="10"'));
  parts.push(
    rect(bx + 30, 455, bw / 2 - 45, 50, '#ffffff', ' rx="14"'),
    rect(bx + bw / 2 + 15, 455, bw / 2 - 45, 50, '#ffffff', ' rx="14"'),
  );
  parts.push(
    rect(bx - 8, 520, bw + 16, 110, cover.hex, ' rx="12"'),
    rect(bx - 8, 520, bw + 16, 26, lighter(cover.hex, 0.2), ' rx="8"'),
  );
  const wood = pick(random, WOODS);
  for (const nx of [bx - 110, bx + bw + 30]) {
    parts.push(rect(nx, 480, 80, 90, wood), line(nx + 10, 520, nx + 70, 520, darker(wood, 0.2), 3));
    const shade = pick(random, ['#f4efe2', '#e3b23c', '#d9c2a0']);
    parts.push(
      rect(nx + 36, 430, 8, 50, '#3b3b3b'),
      polygon(
        [
          [nx + 14, 432],
          [nx + 66, 432],
          [nx + 56, 390],
          [nx + 24, 390],
        ],
        shade,
      ),
    );
  }
  parts.push(artwork(random, bx + bw / 2 - 100, 170, 200, 130));
  if (chance(random, 0.5))
    parts.push(
      rect(980, 160, 170, 400, pick(random, WOODS)),
      line(1065, 170, 1065, 550, '#3b3b3b', 3),
    );
  else if (chance(random, 0.7)) parts.push(plant(random, 1060, 640, 170));
  return {
    drawing: parts.join(''),
    alt: `Bedroom with ${withArticle(`${headboard.name} headboard`)} and ${cover.name} bedding`,
  };
}

function bathroom(random: Random): Room {
  const tile = pick(random, ['#f4f1ea', '#cfe0e8', '#b9d0c4', '#e6d3c0', '#2f3f5e', '#d9a5a0']);
  const parts = [rect(0, 250, 1200, 310, tile)];
  for (let x = 0; x < 1200; x += 50) parts.push(line(x, 250, x, 560, darker(tile, 0.1), 1.5));
  for (let y = 275; y < 560; y += 25) parts.push(line(0, y, 1200, y, darker(tile, 0.1), 1.5));
  const tub = chance(random, 0.55);
  if (tub) {
    parts.push(
      rect(120, 470, 430, 120, '#fbfbf8', ' rx="50"'),
      rect(140, 470, 390, 20, '#e8eef0', ' rx="8"'),
    );
    parts.push(
      rect(170, 590, 14, 30, '#c9a86b'),
      rect(490, 590, 14, 30, '#c9a86b'),
      line(160, 470, 160, 410, '#9aa1a8', 6),
    );
  } else {
    parts.push(
      rect(120, 160, 360, 420, '#dbeef5', ' opacity="0.6"'),
      line(480, 160, 480, 580, '#9aa1a8', 6),
      circle(300, 190, 30, '#9aa1a8'),
    );
  }
  const vanity = pick(random, CABINETS);
  parts.push(
    rect(700, 440, 320, 130, vanity.hex),
    rect(690, 424, 340, 20, '#f4f1ea'),
    ellipse(860, 430, 70, 12, '#e8eef0'),
  );
  parts.push(line(860, 424, 860, 390, '#9aa1a8', 6));
  const round = chance(random, 0.5);
  parts.push(
    round
      ? `${circle(860, 280, 92, '#c9a86b')}${circle(860, 280, 84, '#dfeaf0')}`
      : `${rect(750, 180, 220, 190, '#c9a86b')}${rect(758, 188, 204, 174, '#dfeaf0')}`,
  );
  const towel = pick(random, FABRICS);
  parts.push(line(1060, 300, 1160, 300, '#9aa1a8', 6), rect(1070, 300, 80, 140, towel.hex));
  if (chance(random, 0.6)) parts.push(plant(random, 620, 600, 110));
  return {
    drawing: parts.join(''),
    alt: tub
      ? `Bathroom with a freestanding tub and ${withArticle(`${round ? 'round' : 'framed'} mirror`)}`
      : `Bathroom with a walk-in shower and ${withArticle(`${vanity.name} vanity`)}`,
  };
}

function diningRoom(random: Random): Room {
  const wood = pick(random, WOODS);
  const seats = pick(random, [4, 6, 8]);
  const chair = pick(random, [...FABRICS.slice(0, 6), { name: 'wooden', hex: darker(wood, 0.1) }]);
  const tw = 200 + seats * 60;
  const tx = 600 - tw / 2;
  const parts = [rug(random, 600, 700, tw + 260)];
  for (let i = 0; i < seats / 2; i++) {
    const cx = tx + 40 + (i * (tw - 80)) / Math.max(1, seats / 2 - 1);
    parts.push(
      rect(cx - 30, 470, 60, 110, chair.hex, ' rx="10"'),
      rect(cx - 30, 580, 8, 60, darker(chair.hex, 0.2)),
      rect(cx + 22, 580, 8, 60, darker(chair.hex, 0.2)),
    );
  }
  parts.push(
    rect(tx, 560, tw, 22, wood),
    rect(tx + 20, 582, 14, 120, darker(wood, 0.2)),
    rect(tx + tw - 34, 582, 14, 120, darker(wood, 0.2)),
  );
  for (let i = 0; i < seats / 2; i++)
    parts.push(
      ellipse(tx + 60 + (i * (tw - 120)) / Math.max(1, seats / 2 - 1), 556, 26, 6, '#f4f1ea'),
    );
  parts.push(circle(600, 540, 16, '#7aa37a'), rect(596, 520, 8, 30, '#c9a86b'));
  const chandelier = chance(random, 0.4);
  if (chandelier) {
    parts.push(line(600, 0, 600, 160, '#3b3b3b', 3), ellipse(600, 180, 110, 20, '#c9a86b'));
    for (let i = -2; i <= 2; i++) parts.push(circle(600 + i * 44, 170, 8, '#fff3c4'));
  } else parts.push(pendant(random, 600, 200));
  if (chance(random, 0.6)) parts.push(artwork(random, 120, 200, 160, 220));
  if (chance(random, 0.5))
    parts.push(rect(920, 440, 240, 120, darker(wood, 0.15)), plant(random, 1040, 440, 90));
  return {
    drawing: parts.join(''),
    alt: `Dining room with a table for ${['', '', '', '', 'four', '', 'six', '', 'eight'][seats]} and ${chair.name} chairs${chandelier ? ' under a chandelier' : ''}`,
  };
}

function office(random: Random): Room {
  const wood = pick(random, WOODS);
  const chair = pick(random, FABRICS);
  const dx = between(random, 300, 520);
  const parts = [rug(random, dx + 200, 720, 520)];
  parts.push(
    rect(dx, 470, 400, 20, wood),
    rect(dx + 10, 490, 14, 120, darker(wood, 0.2)),
    rect(dx + 376, 490, 14, 120, darker(wood, 0.2)),
  );
  const twoScreens = chance(random, 0.35);
  parts.push(
    rect(dx + 120, 340, 170, 110, '#1d1f22'),
    rect(dx + 130, 350, 150, 90, '#4f7ca8'),
    rect(dx + 195, 450, 20, 20, '#3b3b3b'),
  );
  if (twoScreens)
    parts.push(rect(dx + 300, 350, 90, 100, '#1d1f22'), rect(dx + 306, 356, 78, 86, '#7aa37a'));
  parts.push(
    rect(dx + 150, 520, 120, 110, chair.hex, ' rx="20"'),
    rect(dx + 200, 630, 20, 60, '#3b3b3b'),
    ellipse(dx + 210, 700, 70, 12, '#3b3b3b'),
  );
  parts.push(
    line(dx + 30, 470, dx + 60, 380, '#3b3b3b', 5),
    polygon(
      [
        [dx + 40, 380],
        [dx + 90, 360],
        [dx + 96, 390],
      ],
      pick(random, ['#e3b23c', '#2b2b2b', '#f4f1ea']),
    ),
  );
  const books = chance(random, 0.7);
  if (books) parts.push(shelves(random, dx > 420 ? 60 : 920, 150, 220, 4));
  if (chance(random, 0.6)) parts.push(plant(random, dx > 420 ? 1080 : 130, 640, 160));
  return {
    drawing: parts.join(''),
    alt: `Home office with ${withArticle(`${wood === '#6b4a2b' || wood === '#8a5a3a' ? 'dark wood' : 'light wood'} desk`)}${twoScreens ? ' and two screens' : ''}${books ? ', lined with books' : ''}`,
  };
}

const DRAW: Record<RoomKind, (random: Random) => Room> = {
  'living room': livingRoom,
  kitchen,
  bedroom,
  bathroom,
  'dining room': diningRoom,
  office,
};

const CAPTIONS: Record<RoomKind, string[]> = {
  'living room': ['Sun all afternoon through the big window', 'Room for the whole family'],
  kitchen: ['Renovated with new appliances', 'Plenty of cupboard space'],
  bedroom: ['Quiet, at the back of the home', 'Fits a king-size bed with room to spare'],
  bathroom: ['Redone from floor to ceiling', 'Underfloor heating'],
  'dining room': ['Opens onto the kitchen', 'Seats the whole family for dinner'],
  office: ['A quiet corner to work from home', 'Fast fibre internet in every room'],
};

/** One room of a home, drawn from `seed`: the same seed draws the same picture. */
export function interiorScene(kind: RoomKind, seed: number, width: number, height: number): Scene {
  const random = sceneRandom(seed);
  const room = walls(random, kind);
  // Beds and sofas stand against the middle of the wall, under their own picture.
  const windowX =
    kind === 'bedroom' || kind === 'living room'
      ? pick(random, [between(random, 60, 160), between(random, 860, 900)])
      : between(random, 80, 760);
  const wide = chance(random, 0.4);
  const { drawing: window, view } = windowView(random, windowX, 110, wide ? 340 : 220, 250);
  const art =
    kind !== 'kitchen' && kind !== 'bathroom' && chance(random, 0.5)
      ? artwork(random, windowX > 500 ? 140 : 860, 150, 180, 120)
      : '';
  const furnished = DRAW[kind](random);
  const viewWords =
    view === 'garden' || view === 'trees'
      ? 'the garden'
      : view === 'sea'
        ? 'the sea'
        : view === 'city'
          ? 'the city'
          : 'the hills';
  // A room's view is said when nothing else in it stands out.
  const alt =
    kind === 'kitchen' || furnished.alt.includes(' and ') || furnished.alt.includes(', ')
      ? furnished.alt
      : `${furnished.alt}, looking out on ${viewWords}`;
  return {
    svg: svgDocument(
      room.drawing + (kind === 'kitchen' ? '' : window) + art + furnished.drawing,
      width,
      height,
    ),
    alt: capitalised(alt),
    caption: chance(random, 0.3) ? pick(random, CAPTIONS[kind]) : null,
  };
}
