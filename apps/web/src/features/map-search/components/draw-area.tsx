import {
  formatPolygon,
  GEO_MESSAGES,
  isSelfIntersecting,
  type LngLat,
  POLYGON_VERTICES,
  parsePolygon,
} from '@keyhaven/shared/constants';
import { useMap } from '@vis.gl/react-maplibre';
import { useEffect, useRef, useState } from 'react';
import type { TerraDraw } from 'terra-draw';
import { Button } from '@/components/ui/button';

/** What the buyer is doing with the outline; the panel keeps it, so markers step aside. */
export type DrawTool = 'idle' | 'drawing' | 'editing';

type DrawAreaProps = {
  /** The outline in force (from the address); drawn as the map opens. */
  polygon?: LngLat[];
  onOutline: (polygon: LngLat[] | null) => void;
  tool: DrawTool;
  onToolChange: (tool: DrawTool) => void;
};

const OUTLINE_MODE = 'polygon';

/** The corners of a drawn polygon, without the closing point that repeats the first. */
function cornersOf(draw: TerraDraw, id: string | number): LngLat[] | undefined {
  const feature = draw.getSnapshotFeature(id);
  if (feature?.geometry.type !== 'Polygon') return undefined;
  const ring = (feature.geometry.coordinates[0] ?? []).map(([lng, lat]) => ({
    lng: lng as number,
    lat: lat as number,
  }));
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && first.lng === last.lng && first.lat === last.lat) ring.pop();
  return ring;
}

/** Why an outline cannot be searched, in the buyer's words; none when it can. */
function outlineProblem(corners: LngLat[]): string | undefined {
  if (corners.length < POLYGON_VERTICES.min || corners.length > POLYGON_VERTICES.max) {
    return GEO_MESSAGES.polygonVertices;
  }
  if (isSelfIntersecting(corners)) return GEO_MESSAGES.polygonSelfIntersecting;
  return undefined;
}

/**
 * Draw an area on the map (terra-draw, loaded the first time it is needed): click the corners,
 * then the first corner again to close it; the list then shows only homes inside. Edit moves its
 * corners, Clear removes it. An outline that crosses itself is refused with a message.
 */
export function DrawArea({ polygon, onOutline, tool, onToolChange: setTool }: DrawAreaProps) {
  const { current: mapRef } = useMap();
  const drawRef = useRef<TerraDraw | null>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string>();
  const outlineKey = polygon ? formatPolygon(polygon) : '';
  const wanted = tool !== 'idle' || outlineKey !== '';

  // Keep the latest callbacks for the draw tool's listeners, which are registered once.
  const latest = useRef({ onOutline, polygon, setTool });
  latest.current = { onOutline, polygon, setTool };

  useEffect(() => {
    if (!mapRef || !wanted || drawRef.current) return;
    const map = mapRef.getMap();
    let cancelled = false;
    let started: TerraDraw | undefined;
    const start = async () => {
      const [
        { TerraDraw: Draw, TerraDrawPolygonMode, TerraDrawSelectMode },
        { TerraDrawMapLibreGLAdapter },
      ] = await Promise.all([import('terra-draw'), import('terra-draw-maplibre-gl-adapter')]);
      if (cancelled) return;
      const draw = new Draw({
        adapter: new TerraDrawMapLibreGLAdapter({ map }),
        modes: [
          new TerraDrawPolygonMode(),
          new TerraDrawSelectMode({
            flags: {
              [OUTLINE_MODE]: {
                feature: { draggable: false, coordinates: { draggable: true, midpoints: true } },
              },
            },
          }),
        ],
      });
      draw.start();
      draw.on('finish', (id, context) => {
        const corners = cornersOf(draw, id);
        const refused = corners ? outlineProblem(corners) : GEO_MESSAGES.polygonFormat;
        setProblem(refused);
        if (refused || !corners) {
          // Put back what the address holds: the refused outline is not searched.
          const kept = showOutline(draw, latest.current.polygon);
          if (context.mode === OUTLINE_MODE) {
            draw.setMode('static');
            latest.current.setTool('idle');
          } else if (kept !== undefined) {
            draw.selectFeature(kept);
          }
          return;
        }
        if (context.mode === OUTLINE_MODE) {
          draw.setMode('static');
          latest.current.setTool('idle');
        }
        latest.current.onOutline(corners);
      });
      started = draw;
      drawRef.current = draw;
      setReady(true);
    };
    // The draw tool adds its layers to the style, so it waits until the map has settled.
    if (map.isStyleLoaded()) void start();
    else map.once('idle', () => void start());
    return () => {
      cancelled = true;
      started?.stop();
      drawRef.current = null;
      setReady(false);
    };
  }, [mapRef, wanted]);

  // The tool follows the buyer's choice, and the outline the address: drawn on opening, redrawn
  // after Back and Forward and after each edit, selected again while editing.
  useEffect(() => {
    const draw = drawRef.current;
    if (!ready || !draw) return;
    if (tool === 'drawing') {
      draw.clear();
      draw.setMode(OUTLINE_MODE);
      return;
    }
    draw.setMode(tool === 'editing' ? 'select' : 'static');
    const outline = outlineKey ? parsePolygon(outlineKey) : undefined;
    const id = showOutline(draw, outline?.ok ? outline.value : undefined);
    if (tool === 'editing' && id !== undefined) draw.selectFeature(id);
  }, [ready, outlineKey, tool]);

  const startDrawing = () => {
    setProblem(undefined);
    setTool('drawing');
  };

  return (
    // Clicks pass through the notes to the map, so a corner can be placed under them.
    <div className="pointer-events-none absolute top-3 left-3 z-10 flex max-w-[calc(100%-4.5rem)] flex-col items-start gap-2">
      <div className="pointer-events-auto flex flex-wrap gap-2">
        {tool === 'drawing' ? (
          <Button size="sm" variant="secondary" onClick={() => setTool('idle')}>
            Cancel drawing
          </Button>
        ) : tool === 'editing' ? (
          <Button size="sm" onClick={() => setTool('idle')}>
            Done editing
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={startDrawing}>
            Draw area
          </Button>
        )}
        {polygon && tool === 'idle' && (
          <Button size="sm" variant="secondary" onClick={() => setTool('editing')}>
            Edit area
          </Button>
        )}
        {polygon && tool !== 'drawing' && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setTool('idle');
              setProblem(undefined);
              onOutline(null);
            }}
          >
            Clear area
          </Button>
        )}
      </div>
      {/* Said once the draw tool is ready, so a click after it always places a corner. */}
      {ready && tool === 'drawing' && (
        <p className="rounded-lg bg-white/95 px-3 py-2 text-sm text-stone-800 shadow">
          Click the map to place each corner; click the first corner again to finish.
        </p>
      )}
      {ready && tool === 'editing' && (
        <p className="rounded-lg bg-white/95 px-3 py-2 text-sm text-stone-800 shadow">
          Drag a corner to move it.
        </p>
      )}
      {problem && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 shadow"
        >
          {problem}
        </p>
      )}
    </div>
  );
}

/** Shows `polygon` as the only drawn outline; returns its id in the draw tool. */
function showOutline(draw: TerraDraw, polygon: LngLat[] | undefined) {
  draw.clear();
  if (!polygon) return undefined;
  const ring = [...polygon, polygon[0] as LngLat].map((corner) => [corner.lng, corner.lat]);
  const [result] = draw.addFeatures([
    {
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: { mode: OUTLINE_MODE },
    },
  ]);
  return result?.valid ? result.id : undefined;
}
