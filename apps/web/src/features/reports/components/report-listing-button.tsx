import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { useSession } from '@/hooks/use-session';
import type { Property } from '@/lib/listing';
import { useMyReport } from '../api/get-my-report';
import { REPORT_TEXT } from '../texts';

// The dialog and its form come down the first time a viewer is about to report, not with the page.
const loadDialog = () => import('./report-listing-dialog');
const ReportListingDialog = lazy(loadDialog);
const preloadDialog = () => {
  void loadDialog();
};

type ReportListingButtonProps = {
  property: Pick<Property, '_id' | 'title' | 'creatorUID' | 'adminApproval'>;
  className?: string;
};

/**
 * "Report this listing" on an approved listing's page, for signed-in viewers other than its agent
 * and fraud accounts; once they have an open report on it, "You reported this listing" instead. Focus goes back to the button
 * when the dialog closes, or to that line once the report is sent.
 */
export function ReportListingButton({ property, className }: ReportListingButtonProps) {
  const { data: session } = useSession();
  const user = session?.user;
  // Only an approved listing can be reported, not by its own agent, and not by a fraud account
  // (the server refuses all three).
  const mayReport =
    Boolean(user) &&
    user?.uid !== property.creatorUID &&
    user?.role !== 'fraud' &&
    property.adminApproval === 'true';
  const myReport = useMyReport(property._id, { enabled: mayReport });
  const [open, setOpen] = useState(false);
  // Opened once, the dialog stays mounted so it can hand focus back as it closes.
  const [wanted, setWanted] = useState(false);
  const [justReported, setJustReported] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const reportedLine = useRef<HTMLParagraphElement>(null);

  if (!mayReport) return null;
  // Until the server says whether they reported it already, offer nothing rather than a button
  // that may turn into "You reported this listing" a moment later.
  if (myReport.isPending) return null;
  const reported = justReported || Boolean(myReport.data?.report);

  return (
    <>
      {reported ? (
        <p
          ref={reportedLine}
          tabIndex={-1}
          className="flex items-center justify-center gap-2 text-sm text-stone-700 outline-none"
        >
          <CheckIcon className="size-4 text-teal-700" />
          {REPORT_TEXT.reported}
        </p>
      ) : (
        <Button
          ref={opener}
          variant="ghost"
          size="sm"
          className={className}
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        >
          {REPORT_TEXT.report}
        </Button>
      )}
      {wanted && (
        <Suspense fallback={null}>
          <ReportListingDialog
            open={open}
            onOpenChange={setOpen}
            property={property}
            onReported={() => setJustReported(true)}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              (opener.current?.isConnected ? opener.current : reportedLine.current)?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
