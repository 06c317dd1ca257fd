/**
 * Navigation state for a change that redraws part of the current page (a filter, a sort, a page
 * of a list) and should leave the visitor where they are rather than back at the top.
 */
export const KEEP_SCROLL = { keepScroll: true } as const;

export function keepsScroll(state: unknown) {
  return typeof state === 'object' && state !== null && 'keepScroll' in state;
}
