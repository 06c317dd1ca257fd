import type { Bbox, LngLat } from '@keyhaven/shared';
import { CELL_DEGREES } from './grid.js';

/*
 * The geometry the map index tests listings by, written to answer exactly as PostgreSQL's `<@`
 * does: an outline includes what the database includes, on its edges too.
 */

/** PostgreSQL's fuzzy comparisons of geometry (`FPzero`, `FPlt`...), with its EPSILON. */
export const EPSILON = 1.0e-6;
const fpZero = (a: number) => Math.abs(a) <= EPSILON;
const fpLt = (a: number, b: number) => b - a > EPSILON;
const fpLe = (a: number, b: number) => a - b <= EPSILON;
const fpGt = (a: number, b: number) => a - b > EPSILON;
const fpGe = (a: number, b: number) => b - a <= EPSILON;

const POINT_ON_POLYGON = Number.POSITIVE_INFINITY;

/**
 * How the segment from (prevX, prevY) to (x, y), relative to the point, crosses the positive
 * x-axis: PostgreSQL's `lseg_crossing`, so that an outline includes exactly what the database's
 * `<@` includes, on its edges too.
 */
function segmentCrossing(x: number, y: number, prevX: number, prevY: number): number {
  if (fpZero(y)) {
    if (fpZero(x)) return POINT_ON_POLYGON;
    if (fpGt(x, 0)) {
      if (fpZero(prevY)) return fpGt(prevX, 0) ? 0 : POINT_ON_POLYGON;
      return fpLt(prevY, 0) ? 1 : -1;
    }
    if (fpZero(prevY)) return fpLt(prevX, 0) ? 0 : POINT_ON_POLYGON;
    return 0;
  }
  const ySign = fpGt(y, 0) ? 1 : -1;
  if (fpZero(prevY)) return fpLt(prevX, 0) ? 0 : ySign;
  if ((ySign < 0 && fpLt(prevY, 0)) || (ySign > 0 && fpGt(prevY, 0))) return 0;
  if (fpGe(x, 0) && fpGt(prevX, 0)) return 2 * ySign;
  if (fpLt(x, 0) && fpLe(prevX, 0)) return 0;
  const z = (x - prevX) * y - (y - prevY) * x;
  if (fpZero(z)) return POINT_ON_POLYGON;
  if ((ySign < 0 && fpLt(z, 0)) || (ySign > 0 && fpGt(z, 0))) return 0;
  return 2 * ySign;
}

/** Inside the outline or on it: PostgreSQL's `point_inside`, non-zero. */
export function insideOutline(lng: number, lat: number, ring: readonly LngLat[]): boolean {
  const first = ring[0] as LngLat;
  const x0 = first.lng - lng;
  const y0 = first.lat - lat;
  let prevX = x0;
  let prevY = y0;
  let total = 0;
  for (let i = 1; i < ring.length; i++) {
    const corner = ring[i] as LngLat;
    const x = corner.lng - lng;
    const y = corner.lat - lat;
    const cross = segmentCrossing(x, y, prevX, prevY);
    if (cross === POINT_ON_POLYGON) return true;
    total += cross;
    prevX = x;
    prevY = y;
  }
  const cross = segmentCrossing(x0, y0, prevX, prevY);
  if (cross === POINT_ON_POLYGON) return true;
  return total + cross !== 0;
}

/** Where a whole grid cell lies against an outline (see OutlineTest.cellAgainst). */
export const CELL_CROSSED = 0;
export const CELL_INSIDE = 1;
export const CELL_OUTSIDE = 2;

/**
 * Whether the segment from (ax, ay) to (bx, by) meets the box, edges included (Liang and
 * Barsky's clipping).
 */
function segmentMeetsBox(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  west: number,
  south: number,
  east: number,
  north: number,
): boolean {
  const dx = bx - ax;
  const dy = by - ay;
  let from = 0;
  let to = 1;
  // Each side of the box in turn: the share of the segment's direction towards it (p) and the
  // distance from the start to it (q).
  for (let side = 0; side < 4; side++) {
    const p = side === 0 ? -dx : side === 1 ? dx : side === 2 ? -dy : dy;
    const q =
      side === 0 ? ax - west : side === 1 ? east - ax : side === 2 ? ay - south : north - ay;
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) from = Math.max(from, t);
    else to = Math.min(to, t);
    if (from > to) return false;
  }
  return true;
}

/** Numbers held per edge: its start's and end's longitude and latitude. */
const EDGE_NUMBERS = 4;

/**
 * An outline made ready for testing many listings against it, answering exactly as
 * insideOutline does. An edge whose two ends both lie more than EPSILON north of a listing, or
 * both south, adds nothing to the listing's count of crossings (segmentCrossing), so the edges
 * are grouped in bands of latitude and a listing is tested only against its band's: the parallel
 * through a hand-drawn outline meets two to four of its sixteen edges.
 */
export class OutlineTest {
  /** Where the bands begin and end, ascending: band i runs from bounds[i] to bounds[i + 1]. */
  private readonly bounds: Float64Array;
  /** Band i's edges in `bandEdges`, from bandStart[i] to bandStart[i + 1] (in numbers). */
  private readonly bandStart: Uint32Array;
  private readonly bandEdges: Float64Array;
  /** Every edge, in the order of the ring. */
  private readonly edges: Float64Array;

  constructor(private readonly ring: readonly LngLat[]) {
    const corners = ring.length;
    const edges = new Float64Array(corners * EDGE_NUMBERS);
    // An edge's band reaches EPSILON beyond its ends, and a billionth of a degree more for the
    // rounding of the differences segmentCrossing is given.
    const reach = EPSILON + 1e-9;
    const souths = new Float64Array(corners);
    const norths = new Float64Array(corners);
    const bounds = new Float64Array(corners * 2);
    for (let i = 0; i < corners; i++) {
      const start = ring[i] as LngLat;
      const end = ring[(i + 1) % corners] as LngLat;
      edges[i * EDGE_NUMBERS] = start.lng;
      edges[i * EDGE_NUMBERS + 1] = start.lat;
      edges[i * EDGE_NUMBERS + 2] = end.lng;
      edges[i * EDGE_NUMBERS + 3] = end.lat;
      souths[i] = Math.min(start.lat, end.lat) - reach;
      norths[i] = Math.max(start.lat, end.lat) + reach;
      bounds[i * 2] = souths[i] as number;
      bounds[i * 2 + 1] = norths[i] as number;
    }
    // Bounds that coincide make bands of no height, which no listing falls in.
    bounds.sort();
    const covers = (i: number, band: number) =>
      (souths[i] as number) <= (bounds[band] as number) &&
      (norths[i] as number) >= (bounds[band + 1] as number);
    const bandStart = new Uint32Array(bounds.length);
    for (let band = 0; band + 1 < bounds.length; band++) {
      let held = bandStart[band] as number;
      for (let i = 0; i < corners; i++) if (covers(i, band)) held += EDGE_NUMBERS;
      bandStart[band + 1] = held;
    }
    const bandEdges = new Float64Array(bandStart[bounds.length - 1] as number);
    let at = 0;
    for (let band = 0; band + 1 < bounds.length; band++) {
      for (let i = 0; i < corners; i++) {
        if (!covers(i, band)) continue;
        for (let number = 0; number < EDGE_NUMBERS; number++) {
          bandEdges[at++] = edges[i * EDGE_NUMBERS + number] as number;
        }
      }
    }
    this.edges = edges;
    this.bounds = bounds;
    this.bandStart = bandStart;
    this.bandEdges = bandEdges;
  }

  /** Inside the outline or on it, as insideOutline answers. */
  contains(lng: number, lat: number): boolean {
    const { bounds, bandEdges } = this;
    // Beyond every band no edge counts: outside.
    if (!(lat >= (bounds[0] as number) && lat < (bounds[bounds.length - 1] as number))) {
      return false;
    }
    let band = 0;
    let above = bounds.length - 1;
    while (above - band > 1) {
      const middle = (band + above) >>> 1;
      if ((bounds[middle] as number) <= lat) band = middle;
      else above = middle;
    }
    let total = 0;
    const end = this.bandStart[band + 1] as number;
    for (let at = this.bandStart[band] as number; at < end; at += EDGE_NUMBERS) {
      const cross = segmentCrossing(
        (bandEdges[at + 2] as number) - lng,
        (bandEdges[at + 3] as number) - lat,
        (bandEdges[at] as number) - lng,
        (bandEdges[at + 1] as number) - lat,
      );
      if (cross === POINT_ON_POLYGON) return true;
      total += cross;
    }
    return total !== 0;
  }

  /**
   * Where the grid cell at `row`, `column` lies against the outline: wholly inside or wholly
   * outside when every edge keeps clear of the cell by more than PostgreSQL's fuzzy margin for
   * it, so that each listing in the cell gets the answer its centre gets; else crossed, and its
   * listings are tested one by one. An edge's margin is twice EPSILON, or twice EPSILON over the
   * edge's length where that is more: the database's test of a point on an edge compares a cross
   * product, which grows with the edge's length.
   */
  cellAgainst(row: number, column: number) {
    const west = column * CELL_DEGREES - 180;
    const south = row * CELL_DEGREES - 90;
    const { edges } = this;
    for (let at = 0; at < edges.length; at += EDGE_NUMBERS) {
      const ax = edges[at] as number;
      const ay = edges[at + 1] as number;
      const bx = edges[at + 2] as number;
      const by = edges[at + 3] as number;
      const length = Math.hypot(bx - ax, by - ay);
      // And a millionth of a cell for the rounding of a listing's cell from its position.
      const margin = (length > 1 ? 2 * EPSILON : (2 * EPSILON) / Math.max(length, EPSILON)) + 1e-7;
      const meets = segmentMeetsBox(
        ax,
        ay,
        bx,
        by,
        west - margin,
        south - margin,
        west + CELL_DEGREES + margin,
        south + CELL_DEGREES + margin,
      );
      if (meets) return CELL_CROSSED;
    }
    const inside = insideOutline(west + CELL_DEGREES / 2, south + CELL_DEGREES / 2, this.ring);
    return inside ? CELL_INSIDE : CELL_OUTSIDE;
  }
}

/** The box around an outline, `margin` wider on every side. */
export function outlineBounds(ring: readonly LngLat[], margin: number): Bbox {
  const bounds = { west: 180, south: 90, east: -180, north: -90 };
  for (const { lng, lat } of ring) {
    bounds.west = Math.min(bounds.west, lng - margin);
    bounds.east = Math.max(bounds.east, lng + margin);
    bounds.south = Math.min(bounds.south, lat - margin);
    bounds.north = Math.max(bounds.north, lat + margin);
  }
  return bounds;
}
