import { ESTIMATE_MESSAGES } from '@keyhaven/shared/texts';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineSpinner } from '@/components/ui/spinner';

// The estimate's code and its request come when the person asks for them: the listing's page is
// rendered with its data and asks for nothing more as it loads (decision 056).
const loadPanel = () => import('./estimate-panel');
const EstimatePanel = lazy(loadPanel);

const Loading = () => (
  <p className="mt-4 flex items-center gap-2 text-stone-700" role="status">
    <InlineSpinner />
    {ESTIMATE_MESSAGES.loading}
  </p>
);

/**
 * "Keyhaven Estimate" on a listing's page: a button shows the estimate and the comparable homes
 * it was made from (the panel's code and data load then); buyers, and the agent on their own.
 */
export function EstimateSection({ propertyId }: { propertyId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="estimate-title" className="mt-10">
      <h2 id="estimate-title" className="text-2xl font-bold text-stone-900">
        {ESTIMATE_MESSAGES.estimateTitle}
      </h2>
      <Button
        variant="secondary"
        className="mt-4"
        aria-expanded={open}
        aria-controls="estimate-panel"
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen(!open)}
      >
        {open ? ESTIMATE_MESSAGES.hide : ESTIMATE_MESSAGES.show}
      </Button>
      <div id="estimate-panel">
        {open && (
          <Suspense fallback={<Loading />}>
            <EstimatePanel propertyId={propertyId} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
