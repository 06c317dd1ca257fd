import { useMemo, useRef } from 'react';

/**
 * Gives focus back to the button that opened a dialog when it closes. The dialogs here are opened
 * from state rather than from a dialog trigger, so on their own they would drop focus to the top
 * of the page, and a keyboard user would have to find their place again.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  // The same two functions on every render, so a list handing them to its rows lets them be.
  return useMemo(
    () => ({
      /** Call as the dialog opens. */
      remember: () => {
        opener.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
      },
      /**
       * The dialog's `onCloseAutoFocus`: focus goes back to the opener, or to `fallback` when the
       * opener is gone (the action removed it).
       */
      restore: (event: Event, fallback?: HTMLElement | null) => {
        event.preventDefault();
        const target = opener.current?.isConnected ? opener.current : fallback;
        opener.current = null;
        target?.focus();
      },
    }),
    [],
  );
}
