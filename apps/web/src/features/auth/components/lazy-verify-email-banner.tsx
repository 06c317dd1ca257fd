import { lazy, Suspense } from 'react';
import { useSession } from '@/hooks/use-session';

const VerifyEmailBanner = lazy(() =>
  import('./verify-email-banner').then((m) => ({ default: m.VerifyEmailBanner })),
);

/**
 * The reminder to confirm an e-mail address, downloaded only for a signed-in person who has not
 * confirmed yet: almost every visit has nothing to confirm, so its code and words stay out of the
 * first download.
 */
export function LazyVerifyEmailBanner() {
  const user = useSession().data?.user;
  if (!user || user.emailVerified) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailBanner />
    </Suspense>
  );
}
