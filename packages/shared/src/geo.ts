/*
 * Places on the map as the search address carries them: an area (`bbox=west,south,east,north`)
 * and an outline (`polygon=lng,lat;lng,lat;...`), in degrees. The map, the links buyers share
 * and the server read them with these same functions, so a link means the same everywhere.
 */

export interface LngLat {
  lng: number;
  lat: number;
}

export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export const POLYGON_VERTICES = { min: 3, max: 100 } as const;

export const GEO_MESSAGES = {
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  pinIncomplete: 'Give both latitude and longitude, or neither',
  bboxFormat: 'Give the area as west,south,east,north in degrees',
  bboxOrder: 'The area must have west ≤ east and south ≤ north',
  polygonFormat: 'Give the outline as lng,lat;lng,lat;… in degrees',
  polygonVertices: `The outline needs ${POLYGON_VERTICES.min} to ${POLYGON_VERTICES.max} points`,
  polygonSelfIntersecting: 'The outline crosses itself: draw it again without crossing lines',
} as const;

/** Six decimals are about 10 cm: enough for a home, and links stay short. */
const roundDegrees = (value: number) => Math.round(value * 1e6) / 1e6;

const DEGREES = /^-?\d{1,3}(\.\d{1,12})?$/;

function degrees(text: string): number | null {
  const trimmed = text.trim();
  return DEGREES.test(trimmed) ? Number(trimmed) : null;
}

export const isLatitude = (value: number) => Number.isFinite(value) && value >= -90 && value <= 90;
export const isLongitude = (value: number) =>
  Number.isFinite(value) && value >= -180 && value <= 180;

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** `west,south,east,north`; each edge is part of the area. */
export function parseBbox(text: string): Parsed<Bbox> {
  const parts = text.split(',').map(degrees);
  if (parts.length !== 4 || parts.some((part) => part === null)) {
    return { ok: false, message: GEO_MESSAGES.bboxFormat };
  }
  const [west, south, east, north] = parts as [number, number, number, number];
  if (![west, east].every(isLongitude)) return { ok: false, message: GEO_MESSAGES.longitudeRange };
  if (![south, north].every(isLatitude)) return { ok: false, message: GEO_MESSAGES.latitudeRange };
  if (west > east || south > north) return { ok: false, message: GEO_MESSAGES.bboxOrder };
  return { ok: true, value: { west, south, east, north } };
}

export const formatBbox = (bbox: Bbox) =>
  [bbox.west, bbox.south, bbox.east, bbox.north].map(roundDegrees).join(',');

const samePoint = (a: LngLat, b: LngLat) => a.lng === b.lng && a.lat === b.lat;

/**
 * `lng,lat;lng,lat;...`, 3 to 100 distinct corners. A closing point equal to the first is
 * dropped: the outline closes itself. An outline that crosses itself is refused, since which
 * side of it is "inside" would be a guess.
 */
export function parsePolygon(text: string): Parsed<LngLat[]> {
  const ring: LngLat[] = [];
  for (const pair of text.split(';')) {
    const parts = pair.split(',').map(degrees);
    if (parts.length !== 2 || parts.some((part) => part === null)) {
      return { ok: false, message: GEO_MESSAGES.polygonFormat };
    }
    const [lng, lat] = parts as [number, number];
    if (!isLongitude(lng)) return { ok: false, message: GEO_MESSAGES.longitudeRange };
    if (!isLatitude(lat)) return { ok: false, message: GEO_MESSAGES.latitudeRange };
    ring.push({ lng, lat });
  }
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (ring.length > 1 && first && last && samePoint(first, last)) ring.pop();
  if (ring.length < POLYGON_VERTICES.min || ring.length > POLYGON_VERTICES.max) {
    return { ok: false, message: GEO_MESSAGES.polygonVertices };
  }
  if (isSelfIntersecting(ring)) return { ok: false, message: GEO_MESSAGES.polygonSelfIntersecting };
  return { ok: true, value: ring };
}

export const formatPolygon = (ring: LngLat[]) =>
  ring.map((point) => `${roundDegrees(point.lng)},${roundDegrees(point.lat)}`).join(';');

/** Which side of the line a→b the point c lies on: >0 left, <0 right, 0 on it. */
const turn = (a: LngLat, b: LngLat, c: LngLat) =>
  (b.lng - a.lng) * (c.lat - a.lat) - (b.lat - a.lat) * (c.lng - a.lng);

const onSegment = (a: LngLat, b: LngLat, c: LngLat) =>
  Math.min(a.lng, b.lng) <= c.lng &&
  c.lng <= Math.max(a.lng, b.lng) &&
  Math.min(a.lat, b.lat) <= c.lat &&
  c.lat <= Math.max(a.lat, b.lat);

function segmentsTouch(a: LngLat, b: LngLat, c: LngLat, d: LngLat) {
  const d1 = turn(c, d, a);
  const d2 = turn(c, d, b);
  const d3 = turn(a, b, c);
  const d4 = turn(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
    return true;
  }
  return (
    (d1 === 0 && onSegment(c, d, a)) ||
    (d2 === 0 && onSegment(c, d, b)) ||
    (d3 === 0 && onSegment(a, b, c)) ||
    (d4 === 0 && onSegment(a, b, d))
  );
}

/**
 * Whether two edges of the closed outline that are not neighbours meet, or a corner repeats.
 * At most 100 corners: the pairwise check is a few thousand steps.
 */
export function isSelfIntersecting(ring: LngLat[]): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const a = ring[i] as LngLat;
    const b = ring[(i + 1) % n] as LngLat;
    if (samePoint(a, b)) return true;
    for (let j = i + 1; j < n; j++) {
      // Edges that share a corner meet there by construction.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      const c = ring[j] as LngLat;
      const d = ring[(j + 1) % n] as LngLat;
      if (segmentsTouch(a, b, c, d)) return true;
    }
  }
  return false;
}

/** Whether a point lies inside the outline or on its edge (ray casting, edges included). */
export function isInPolygon(point: LngLat, ring: LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i] as LngLat;
    const b = ring[j] as LngLat;
    if (turn(a, b, point) === 0 && onSegment(a, b, point)) return true;
    if (a.lat > point.lat !== b.lat > point.lat) {
      const crossing = ((b.lng - a.lng) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lng;
      if (point.lng < crossing) inside = !inside;
    }
  }
  return inside;
}
