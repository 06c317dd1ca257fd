import {
  PAGE_FORM_FIELD,
  type PageFormName,
  type PageFormOutcome,
  pageFormKey,
} from '@keyhaven/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';

export { PAGE_FORM_FIELD };

/**
 * How the form `name` ended when it was posted to its page without the app (see
 * packages/shared/src/page-forms.ts): the server answered the page again with it in the page's
 * data, so the server's render and the browser's hydration read the same. Read once: what the
 * visitor does next in the app is the app's.
 */
export function usePageForm(name: PageFormName): PageFormOutcome | undefined {
  const queryClient = useQueryClient();
  const [outcome] = useState(() => queryClient.getQueryData<PageFormOutcome>(pageFormKey(name)));
  return outcome;
}

/**
 * The server's message for `field` from the page's post, until the visitor sends the form again
 * in the app (`submitCount` above 0), when the app's own checks speak instead.
 */
export const pageFormError = (
  outcome: PageFormOutcome | undefined,
  submitCount: number,
  field: string,
): string | undefined => (submitCount === 0 ? outcome?.errors[field] : undefined);

/** A form's `action`: the page it is on, its query kept, as the page was asked for. */
export function usePageAction(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}
