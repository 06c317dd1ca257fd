import type { ReactNode } from 'react';
import { Notice } from '@/components/ui/notice';

/**
 * What an admin asked the agent to correct after the listing was reported; the listing waits in
 * pending until the agent edits it. Shown only to the agent and admins, who get the note.
 */
export function CorrectionNote({
  note,
  action,
  className,
}: {
  note: string;
  /** What to do about it (a link to edit the listing). */
  action?: ReactNode;
  className?: string;
}) {
  return (
    <Notice tone="warning" className={className}>
      <p className="whitespace-pre-line">
        <span className="font-semibold">An admin asked for a correction:</span> {note}
      </p>
      {action && <div className="mt-2">{action}</div>}
    </Notice>
  );
}
