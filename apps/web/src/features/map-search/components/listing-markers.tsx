import type { MapPins } from '@keyhaven/shared';
import { PROPERTY_MESSAGES, SOLD_MESSAGES } from '@keyhaven/shared/texts';
import { Marker, Popup, useMap } from '@vis.gl/react-maplibre';
import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import Supercluster from 'supercluster';
import { MarketChangeBadge } from '@/components/listing/market-change-badge';
import { OpenHouseBadge } from '@/components/listing/open-house-badge';
import { SoldFacts } from '@/components/listing/sold-facts';
import { cn } from '@/lib/cn';
import type { PropertyCard } from '@/lib/listing';
import { areaText, plural, priceRangeText, roomCount } from '@/lib/listing-format';
import { propertyDetailsPath } from '@/lib/paths';
import { type BoundsArray, markerPrice } from '../lib/map-area';

/** A home of the search on the map: where it stands, its price range and what its popup shows. */
export type MapPin = MapPins['pins'][number];

type ListingMarkersProps = {
  /** Every home of the search the map was given, wherever it stands. */
  pins: MapPin[];
  /** The listings of the page on screen: their full titles name their markers and popups. */
  listings: PropertyCard[];
  highlightedId: string | null;
  onHighlight: (id: string | null) => void;
  /** Off while the buyer draws an outline: a click on the map places a corner, even on a marker. */
  clickable: boolean;
  /**
   * The open-house badge of a popup whose home has no card on the page: it asks for the home's
   * open houses as the popup opens (the route gives it, so this feature stays on its own).
   */
  OpenHouseBadgeOf?: PopupOpenHouseBadge;
};

/** A popup's open-house badge for a home the page's cards do not hold. */
export type PopupOpenHouseBadge = ComponentType<{ propertyId: string; className?: string }>;

/** What a marker's name says of its price: the sale's in sold mode ("Sold $412,000"). */
const pinPriceText = (pin: MapPin) =>
  pin.soldAt ? SOLD_MESSAGES.soldPrice(pin.soldPrice) : priceRangeText(pin.minPrice, pin.maxPrice);

/** A sold home's marker: its sale's price, short, or "Sold" when it has none. */
const soldMarkerText = (pin: MapPin) =>
  pin.soldPrice === null || pin.soldPrice === undefined
    ? SOLD_MESSAGES.soldHomes
    : markerPrice(pin.soldPrice);

/** Markers closer than this many pixels join one cluster bubble. */
const CLUSTER_RADIUS = 56;
/** From this zoom on every home has its own marker. */
const CLUSTER_MAX_ZOOM = 14;

type MapView = { bounds: BoundsArray; zoom: number };

/**
 * A price marker is white and a count bubble dark, so the two read apart; either turns amber
 * while its home's card is pointed at. One class per property: `cn` does not resolve conflicts.
 */
const markerStyle = (highlighted: boolean, kind: 'price' | 'count' = 'price') =>
  cn(
    'cursor-pointer rounded-full border font-bold whitespace-nowrap shadow-md',
    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-500',
    kind === 'price' ? 'px-2 py-0.5 text-xs' : 'flex size-10 items-center justify-center text-sm',
    highlighted
      ? 'scale-110 border-amber-600 bg-amber-400 text-stone-950'
      : kind === 'price'
        ? 'border-teal-900 bg-white text-teal-900 hover:bg-teal-50'
        : 'border-white bg-teal-800 text-white hover:bg-teal-900',
  );

/**
 * A marker's and a popup's name: the listing's full title when its card is on the page, else the
 * pin's short one.
 */
function titleOf(pin: MapPin, listing: PropertyCard | undefined) {
  return (listing?.title ?? pin.title).trim() || PROPERTY_MESSAGES.untitled;
}

/** `3 beds · 2 baths · 1,500 sqft`, as the cards say it. */
const factsOf = (pin: MapPin) =>
  [
    plural(roomCount(pin.bedrooms), 'bed', 'beds'),
    plural(roomCount(pin.bathrooms), 'bath', 'baths'),
    areaText(pin.areaSize),
  ].join(' · ');

/**
 * Every home of the search as price markers, gathered into count bubbles where they crowd (clicking
 * one zooms in until they part). Each marker is named by its home's title and price; pointing at a
 * marker marks its card and the other way round; clicking one opens its cover, title, price, beds,
 * baths and area and a link to its page, as the portals' map popups do.
 */
export function ListingMarkers({
  pins,
  listings,
  highlightedId,
  onHighlight,
  clickable,
  OpenHouseBadgeOf,
}: ListingMarkersProps) {
  const { current: map } = useMap();
  const [view, setView] = useState<MapView>();
  const [openId, setOpenId] = useState<string | null>(null);
  const pinsById = useMemo(() => new Map(pins.map((pin) => [pin._id, pin])), [pins]);
  const listingsById = useMemo(
    () => new Map(listings.map((listing) => [listing._id, listing])),
    [listings],
  );

  const index = useMemo(() => {
    const clusters = new Supercluster<{ id: string }>({
      radius: CLUSTER_RADIUS,
      maxZoom: CLUSTER_MAX_ZOOM,
    });
    clusters.load(
      pins.map((pin) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [pin.lng, pin.lat] },
        properties: { id: pin._id },
      })),
    );
    return clusters;
  }, [pins]);

  useEffect(() => {
    if (!map) return;
    const update = () => {
      const bounds = map.getBounds();
      setView({
        bounds: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
        zoom: map.getZoom(),
      });
    };
    update();
    map.on('moveend', update);
    return () => {
      map.off('moveend', update);
    };
  }, [map]);

  if (!map || !view) return null;
  const [west, south, east, north] = view.bounds;
  const features = index.getClusters(
    [Math.max(west, -180), Math.max(south, -85), Math.min(east, 180), Math.min(north, 85)],
    Math.floor(view.zoom),
  );
  const open = openId === null ? undefined : pinsById.get(openId);
  const openListing = open && listingsById.get(open._id);

  return (
    <>
      {features.map((feature) => {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        if ('cluster' in feature.properties && feature.properties.cluster) {
          const clusterId = feature.properties.cluster_id;
          const count = feature.properties.point_count;
          const holdsHighlighted =
            highlightedId !== null &&
            index
              .getLeaves(clusterId, Number.POSITIVE_INFINITY)
              .some((leaf) => leaf.properties.id === highlightedId);
          return (
            <Marker
              key={`cluster-${clusterId}`}
              longitude={lng}
              latitude={lat}
              style={{ pointerEvents: clickable ? 'auto' : 'none' }}
            >
              <button
                type="button"
                aria-label={`${plural(count, 'listing', 'listings')} here: zoom in`}
                onClick={() =>
                  map.easeTo({
                    center: [lng, lat],
                    zoom: Math.min(index.getClusterExpansionZoom(clusterId), CLUSTER_MAX_ZOOM + 1),
                  })
                }
                className={markerStyle(holdsHighlighted, 'count')}
              >
                {count}
              </button>
            </Marker>
          );
        }
        const pin = pinsById.get(feature.properties.id);
        if (!pin) return null;
        const highlighted = pin._id === highlightedId;
        const title = titleOf(pin, listingsById.get(pin._id));
        return (
          <Marker
            key={pin._id}
            longitude={lng}
            latitude={lat}
            style={{ zIndex: highlighted ? 2 : 1, pointerEvents: clickable ? 'auto' : 'none' }}
          >
            <button
              type="button"
              aria-label={`${title}, ${pinPriceText(pin)}`}
              aria-pressed={highlighted}
              data-listing-id={pin._id}
              onMouseEnter={() => onHighlight(pin._id)}
              onMouseLeave={() => onHighlight(null)}
              onFocus={() => onHighlight(pin._id)}
              onBlur={() => onHighlight(null)}
              onClick={() => {
                onHighlight(pin._id);
                setOpenId(pin._id);
              }}
              className={markerStyle(highlighted)}
            >
              {pin.soldAt ? soldMarkerText(pin) : markerPrice(pin.minPrice)}
            </button>
          </Marker>
        );
      })}
      {open && (
        <Popup
          longitude={open.lng}
          latitude={open.lat}
          offset={18}
          closeOnClick={false}
          onClose={() => setOpenId(null)}
          maxWidth="16rem"
        >
          {open.image && (
            <img
              src={open.image}
              alt=""
              width={240}
              height={160}
              loading="lazy"
              className="mb-2 aspect-[3/2] w-full rounded-md object-cover"
            />
          )}
          <p className="pr-4 font-bold text-stone-900">{titleOf(open, openListing)}</p>
          <p className="mt-1 text-sm font-semibold text-teal-900">
            {open.soldAt ? (
              <SoldFacts soldPrice={open.soldPrice} soldAt={open.soldAt} dateClassName="text-xs" />
            ) : (
              priceRangeText(open.minPrice, open.maxPrice)
            )}
          </p>
          <p className="mt-1 text-sm text-stone-700">{factsOf(open)}</p>
          {openListing && <MarketChangeBadge listing={openListing} className="mt-1 mr-1" />}
          {openListing ? (
            <OpenHouseBadge openHouses={openListing.openHouses} className="mt-1" />
          ) : (
            OpenHouseBadgeOf && <OpenHouseBadgeOf propertyId={open._id} className="mt-1" />
          )}
          <Link
            to={propertyDetailsPath(open._id)}
            className="mt-2 inline-block text-sm font-semibold text-teal-800 underline underline-offset-2"
          >
            View details
          </Link>
        </Popup>
      )}
    </>
  );
}
