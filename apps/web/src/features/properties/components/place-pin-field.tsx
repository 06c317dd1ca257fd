import type { LngLat } from '@keyhaven/shared';
import { type KeyboardEvent, lazy, useState } from 'react';
import { MapWhenReady } from '@/components/map/lazy-base-map';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { formatPin, type MapView, PIN_STEP_DEGREES, type Pin, pinAt } from '../lib/map-pin';

const PinMap = lazy(() => import('./pin-map'));

const MOVES = {
  ArrowUp: { label: 'Move pin north', symbol: '↑', lng: 0, lat: 1 },
  ArrowDown: { label: 'Move pin south', symbol: '↓', lng: 0, lat: -1 },
  ArrowLeft: { label: 'Move pin west', symbol: '←', lng: -1, lat: 0 },
  ArrowRight: { label: 'Move pin east', symbol: '→', lng: 1, lat: 0 },
} as const;
type MoveKey = keyof typeof MOVES;

export const PIN_TEXTS = {
  none: 'No pin yet: this home will show in lists but not on the map. Choose a suggested place, or click the map where the home is.',
  help: 'Drag the pin, or click the map, to the exact spot. The arrow buttons (or arrow keys on them) move it about 50 m.',
} as const;

type PlacePinFieldProps = {
  pin: Pin;
  view: MapView | null;
  onPinChange: (pin: Pin) => void;
  /** The server's or the form's message about the pin's latitude or longitude. */
  error?: string;
};

/** The home's exact spot: a map to drag the pin on, buttons to nudge it, and its coordinates. */
export function PlacePinField({ pin, view, onPinChange, error }: PlacePinFieldProps) {
  // Known once the map has loaded: a keyboard user pans it with the arrow keys, then drops the pin.
  const [mapCenter, setMapCenter] = useState<LngLat | null>(null);
  const move = (key: MoveKey) => {
    if (!pin) return;
    const step = MOVES[key];
    onPinChange(
      pinAt(pin.lng + step.lng * PIN_STEP_DEGREES, pin.lat + step.lat * PIN_STEP_DEGREES),
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key in MOVES) {
      event.preventDefault();
      move(event.key as MoveKey);
    }
  };

  return (
    <fieldset className="mt-6" aria-describedby={error ? 'place-pin-error' : undefined}>
      <legend className="text-sm font-semibold text-stone-800">Map position</legend>
      <p className="mt-1 text-sm text-stone-600">{PIN_TEXTS.help}</p>
      <MapWhenReady className="mt-3 h-72 w-full rounded-lg sm:h-96">
        <PinMap
          pin={pin}
          view={view}
          onPinChange={onPinChange}
          onCenterChange={setMapCenter}
          className="mt-3 h-72 w-full rounded-lg sm:h-96"
        />
      </MapWhenReady>
      <p className="mt-3 text-stone-800" aria-live="polite">
        {pin ? `Pin at ${formatPin(pin)} (latitude, longitude)` : PIN_TEXTS.none}
      </p>
      {!pin && mapCenter && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={() => onPinChange(pinAt(mapCenter.lng, mapCenter.lat))}
        >
          Place pin at the centre of the map
        </Button>
      )}
      {pin && (
        // Arrow keys work on any of the buttons, as they would on the pin itself.
        <fieldset className="mt-2 flex flex-wrap gap-2" onKeyDown={onKeyDown}>
          <legend className="sr-only">Move the pin</legend>
          {(Object.keys(MOVES) as MoveKey[]).map((key) => (
            <Button
              key={key}
              variant="secondary"
              size="sm"
              aria-label={MOVES[key].label}
              onClick={() => move(key)}
            >
              {MOVES[key].symbol}
            </Button>
          ))}
          <Button variant="dangerOutline" size="sm" onClick={() => onPinChange(null)}>
            Remove pin
          </Button>
        </fieldset>
      )}
      {error && <FieldError id="place-pin-error">{error}</FieldError>}
    </fieldset>
  );
}
