import { TIMINGS_MS } from '@keyhaven/shared/constants';
import { createElement, Fragment, type ReactNode } from 'react';
import type { ExternalToast } from 'sonner';
import { useOnScreenTimer } from '@/hooks/use-on-screen-timer';

// Sonner is only needed once there is something to announce, so it stays out of the first
// download; `app/provider.tsx` mounts its Toaster lazily as well.
const loadSonner = () => import('sonner');

type Notify = (title: string, options?: ExternalToast) => void;

/** Renders nothing; says when the toast it sits in is on screen. */
function OnScreen({ onScreen }: { onScreen: () => void }) {
  useOnScreenTimer(0, onScreen);
  return null;
}

/**
 * A toast whose time (3 s unless `options.duration` says otherwise) runs from when it is on
 * screen: it is raised with no end, and given its duration once painted, from which Sonner counts
 * it down (pausing while it is pointed at, as always).
 */
const notify =
  (kind: 'success' | 'error'): Notify =>
  (title, options = {}) => {
    void loadSonner().then(({ toast }) => {
      const duration = options.duration ?? TIMINGS_MS.toast;
      let id: string | number | undefined;
      const content: ReactNode = createElement(
        Fragment,
        null,
        title,
        createElement(OnScreen, {
          onScreen: () => toast[kind](content, { ...options, id, duration }),
        }),
      );
      id = toast[kind](content, { ...options, duration: Number.POSITIVE_INFINITY });
    });
  };

/** Toast notifications; they close by themselves 3 s after they are on screen. */
export const toast: { success: Notify; error: Notify } = {
  success: notify('success'),
  error: notify('error'),
};
