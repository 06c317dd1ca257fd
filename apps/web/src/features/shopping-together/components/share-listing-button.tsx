import { SHARE_MESSAGES as S } from '@keyhaven/shared/texts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { propertyDetailsPath } from '@/lib/paths';

type Shared = 'idle' | 'copied' | 'failed';

/**
 * Share a listing: the device's share sheet where there is one (phones), else the link copied,
 * said in a polite live region; if copying fails too, the link shows selected in a field to copy
 * by hand. The page stays behind sign-in: whoever opens the link signs in first.
 */
export function ShareListingButton({ property }: { property: { _id: string; title: string } }) {
  const [shared, setShared] = useState<Shared>('idle');
  const field = useRef<HTMLInputElement>(null);
  // Read when shared: the server renders this page too, where there is no window.
  const linkOf = () => `${window.location.origin}${propertyDetailsPath(property._id)}`;

  useEffect(() => {
    if (shared === 'failed') field.current?.select();
  }, [shared]);

  const share = async () => {
    const url = linkOf();
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: property.title, text: S.shareText(property.title), url });
        return;
      } catch (error) {
        // Closing the sheet is an answer; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setShared('copied');
    } catch {
      setShared('failed');
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        size="lg"
        aria-label={S.buttonLabel(property.title)}
        onClick={() => void share()}
      >
        {S.button}
      </Button>
      <p
        role="status"
        aria-live="polite"
        className="text-sm font-medium text-teal-800 empty:hidden"
      >
        {shared === 'copied' ? S.copied : ''}
      </p>
      {shared === 'failed' && (
        <Field label={S.linkLabel} hint={S.copyFailed}>
          {(control) => (
            <Input
              {...control}
              ref={field}
              readOnly
              value={linkOf()}
              onClick={(event) => event.currentTarget.select()}
            />
          )}
        </Field>
      )}
    </div>
  );
}
