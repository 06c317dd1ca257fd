import 'maplibre-gl/dist/maplibre-gl.css';
import {
  Map as MapLibreMap,
  type MapProps,
  type MapRef,
  NavigationControl,
} from '@vis.gl/react-maplibre';
import { setWorkerUrl } from 'maplibre-gl';
import mapWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { Ref } from 'react';
import { cn } from '@/lib/cn';

// MapLibre looks for its worker beside its own file, which the build renames and bundles; the
// worker is shipped as a file of its own and MapLibre is told where.
setWorkerUrl(mapWorkerUrl);

/** Where every map's basemap comes from: our server's offline style, or the hosted one it names. */
export const MAP_STYLE_PATH = '/map/style.json';

export type BaseMapProps = Omit<MapProps, 'mapStyle'> & {
  /** What the map shows, for screen readers ("Map of the listings", "Where the home is"). */
  'aria-label': string;
  /** The box the map fills: its size comes from here. */
  className?: string;
  ref?: Ref<MapRef>;
};

/**
 * The map every page builds on: our basemap, zoom buttons, and the page's own markers and layers
 * as children. Loaded only in the browser (see LazyBaseMap): it needs WebGL and brings MapLibre.
 */
export default function BaseMap({
  'aria-label': label,
  className,
  style,
  children,
  ref,
  ...mapProps
}: BaseMapProps) {
  return (
    <section aria-label={label} className={cn('relative overflow-hidden', className)}>
      <MapLibreMap
        ref={ref}
        mapStyle={MAP_STYLE_PATH}
        // Homes sit on a flat map: turning or tilting it would only lose a buyer's bearings.
        dragRotate={false}
        pitchWithRotate={false}
        touchPitch={false}
        style={{ width: '100%', height: '100%', ...style }}
        {...mapProps}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {children}
      </MapLibreMap>
    </section>
  );
}
