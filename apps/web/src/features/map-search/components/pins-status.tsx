import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { countFormat } from '@/lib/listing-format';

/** What the map knows of its pins: loading, failed, or how many of the search's homes it holds. */
export type PinsState = {
  /** Pins the map was given. */
  shown: number;
  /** Homes of the search with a map position: more than `shown` when the view holds too many. */
  total: number;
  loading: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
};

export const PINS_TEXTS = {
  loading: 'Loading homes on the map…',
  failed: 'The homes could not be shown on the map.',
  overflow: (shown: number, total: number) =>
    `Showing ${countFormat(shown)} of ${countFormat(total)} homes — zoom in or draw an area to see them all`,
} as const;

const noteStyle = 'rounded-lg bg-white/95 px-3 py-2 text-sm text-stone-800 shadow';

/**
 * A quiet note on the map: its pins loading, a failure with Retry (the list beside it still
 * works), or that the view holds more homes than the map shows at once.
 */
export function PinsStatus({ shown, total, loading, failed, retrying, onRetry }: PinsState) {
  if (failed) {
    return (
      <div role="alert" className={cn(noteStyle, 'pointer-events-auto flex items-center gap-3')}>
        <span>{PINS_TEXTS.failed}</span>
        <Button size="sm" variant="secondary" onClick={onRetry} disabled={retrying}>
          Retry
        </Button>
      </div>
    );
  }
  if (loading) {
    return (
      <p role="status" className={noteStyle}>
        {PINS_TEXTS.loading}
      </p>
    );
  }
  if (total > shown) {
    return (
      <p role="status" className={noteStyle}>
        {PINS_TEXTS.overflow(shown, total)}
      </p>
    );
  }
  return null;
}
