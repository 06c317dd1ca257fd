import { useEffect, useRef } from 'react';
import * as v from 'valibot';
import { useSession } from '@/hooks/use-session';
import { api } from '@/lib/api-client';

/** The server's 204: no body at all. */
const ZNoContent = v.undefined();

/**
 * Counts one visit of a listing's details page. The server decides what counts (one per visitor
 * a day; not bots, not the listing's own agent), so the page only says it was opened. A refusal
 * never signs anyone out: counting a view is not something the visitor asked for.
 */
export const recordView = (propertyId: string) =>
  api(`/api/properties/${encodeURIComponent(propertyId)}/views`, {
    method: 'POST',
    schema: ZNoContent,
    signOutOn: [],
  });

/**
 * Sends the view of `propertyId` once per visit of its page, after it has rendered: fire and
 * forget, nothing waits for it and a failure is ignored (a view not counted is no loss worth
 * telling the buyer about). Moving to another listing counts that one too.
 *
 * Only signed-in visits count (the server answers anyone else 401), so a visitor not signed in
 * sends nothing: no request that can only be refused, and no error in their browser's console.
 */
export function useRecordView(propertyId: string) {
  const signedIn = Boolean(useSession().data?.user);
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!propertyId || !signedIn || sentFor.current === propertyId) return;
    sentFor.current = propertyId;
    recordView(propertyId).catch(() => {});
  }, [propertyId, signedIn]);
}
