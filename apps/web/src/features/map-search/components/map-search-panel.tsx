import type { Bbox, LngLat } from '@keyhaven/shared/constants';
import { useMap } from '@vis.gl/react-maplibre';
import { useEffect, useRef, useState } from 'react';
import { LazyBaseMap } from '@/components/map/lazy-base-map';
import { Button } from '@/components/ui/button';
import type { PropertyCard } from '@/lib/listing';
import {
  type BoundsArray,
  bboxToBounds,
  boundsAround,
  clampedBbox,
  isPinned,
} from '../lib/map-area';
import { DrawArea, type DrawTool } from './draw-area';
import { ListingMarkers, type MapPin, type PopupOpenHouseBadge } from './listing-markers';
import { type PinsState, PinsStatus } from './pins-status';

export type MapSearchPanelProps = {
  /** The listings of the page on screen: the map names their markers and fits them until pins come. */
  listings: PropertyCard[];
  /** Every home of the search with a map position (up to the pin limit), whatever the page. */
  pins: MapPin[];
  pinsState: Omit<PinsState, 'shown'>;
  bbox?: Bbox;
  polygon?: LngLat[];
  highlightedId: string | null;
  onHighlight: (id: string | null) => void;
  onSearchArea: (bbox: Bbox) => void;
  onOutline: (polygon: LngLat[] | null) => void;
  /** The open-house badge of a popup whose home has no card on the page. */
  OpenHouseBadgeOf?: PopupOpenHouseBadge;
};

/** Room around the listings when the map fits them, in pixels. */
const FIT_PADDING = 48;
/** A single home is shown at street level, not at the deepest zoom. */
const FIT_MAX_ZOOM = 13;
/** An area in the address as narrow as one point still opens at a street's width. */
const AREA_MAX_ZOOM = 18;
/** An area covering this share of the screen is what the screen shows (an area just searched). */
const AREA_FILLS_SCREEN = 0.9;
/** Before anything is known: the whole world. */
const WORLD_VIEW = { longitude: 0, latitude: 20, zoom: 1 };

/**
 * What the map shows: the area in the address, else the outline, else the search's homes (those
 * of the page until the pins arrive).
 */
function targetOf({ bbox, polygon, listings, pins }: MapSearchPanelProps): BoundsArray | undefined {
  if (bbox) return bboxToBounds(bbox);
  if (polygon) return boundsAround(polygon);
  return boundsAround(pins.length > 0 ? pins : listings.filter(isPinned));
}

/**
 * Follows the address: when the area, the outline or (with neither) the listings change and are
 * not all on screen already, the map moves to them (Back, Forward, new filters). An area just
 * searched or an outline just drawn is on screen, so the map stays as the buyer left it. Its first
 * view comes from `initialViewState`, so the map opens there directly.
 */
function FollowSearch({ target, exact }: { target: BoundsArray | undefined; exact: boolean }) {
  const { current: map } = useMap();
  const key = target?.join(',') ?? '';
  const shown = useRef(key);
  useEffect(() => {
    if (!map || !target || key === shown.current) return;
    shown.current = key;
    const [west, south, east, north] = target;
    const view = map.getBounds();
    const onScreen = view.contains([west, south]) && view.contains([east, north]);
    // An area is shown as itself: only one that already fills the screen is left as it is.
    const fills =
      (east - west) * (north - south) >=
      AREA_FILLS_SCREEN * (view.getEast() - view.getWest()) * (view.getNorth() - view.getSouth());
    if (onScreen && (!exact || fills)) return;
    map.fitBounds(target, {
      padding: exact ? 0 : FIT_PADDING,
      maxZoom: exact ? AREA_MAX_ZOOM : FIT_MAX_ZOOM,
      duration: 0,
    });
  }, [map, key, target, exact]);
  return null;
}

/** "Search this area" appears once the buyer moves the map, and searches what it shows. */
function SearchThisArea({ onSearchArea }: { onSearchArea: (bbox: Bbox) => void }) {
  const { current: map } = useMap();
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (!map) return;
    // Only the buyer's own moves carry the event that caused them; the page's fitting does not.
    const onMoveStart = (event: { originalEvent?: unknown }) => {
      if (event.originalEvent) setMoved(true);
    };
    map.on('movestart', onMoveStart);
    return () => {
      map.off('movestart', onMoveStart);
    };
  }, [map]);
  if (!map || !moved) return null;
  return (
    <Button
      size="sm"
      className="pointer-events-auto shadow-lg"
      onClick={() => {
        const bounds = map.getBounds();
        setMoved(false);
        onSearchArea(
          clampedBbox([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]),
        );
      }}
    >
      Search this area
    </Button>
  );
}

/**
 * The map beside the list: every home of the search as price markers and clusters, "Search this
 * area" and the draw tool. It opens on the area in the address, else on the outline, else around
 * the homes.
 */
export function MapSearchPanel(props: MapSearchPanelProps) {
  const { listings, pins, pinsState, bbox, polygon, highlightedId, onHighlight } = props;
  const { onSearchArea, onOutline, OpenHouseBadgeOf } = props;
  // Read when the map itself first draws (after its code loads), so it opens where FollowSearch
  // starts from, even when the pins arrived in between.
  const target = targetOf(props);
  const [tool, setTool] = useState<DrawTool>('idle');

  return (
    <LazyBaseMap
      aria-label="Map of the listings"
      className="size-full rounded-2xl"
      initialViewState={
        target
          ? {
              bounds: target,
              fitBoundsOptions: bbox
                ? { maxZoom: AREA_MAX_ZOOM }
                : { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM },
            }
          : WORLD_VIEW
      }
    >
      <FollowSearch target={target} exact={Boolean(bbox)} />
      <ListingMarkers
        pins={pins}
        listings={listings}
        highlightedId={highlightedId}
        onHighlight={onHighlight}
        clickable={tool !== 'drawing'}
        OpenHouseBadgeOf={OpenHouseBadgeOf}
      />
      <DrawArea polygon={polygon} onOutline={onOutline} tool={tool} onToolChange={setTool} />
      {/* Clicks pass through the notes to the map: only their buttons take them. */}
      <div className="pointer-events-none absolute inset-x-3 bottom-8 z-10 flex flex-col items-center gap-2 text-center">
        <PinsStatus shown={pins.length} {...pinsState} />
        <SearchThisArea onSearchArea={onSearchArea} />
      </div>
    </LazyBaseMap>
  );
}
