import type { ExternalToast } from 'sonner';

// Sonner is only needed once there is something to announce, so it stays out of the first
// download; `app/provider.tsx` mounts its Toaster lazily as well.
const loadSonner = () => import('sonner');

type Notify = (title: string, options?: ExternalToast) => void;

/** Toast notifications; they close by themselves after 3 s. */
export const toast: { success: Notify; error: Notify } = {
  success: (title, options) => {
    void loadSonner().then(({ toast }) => toast.success(title, options));
  },
  error: (title, options) => {
    void loadSonner().then(({ toast }) => toast.error(title, options));
  },
};
