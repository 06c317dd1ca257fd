import { buttonStyles } from '@/components/ui/button';
import { GoogleIcon } from '@/components/ui/form-icons';
import { useProviders } from '../api/get-providers';

type GoogleSignInProps = {
  /** The path of this site to come back to once signed in. */
  returnTo: string;
};

/**
 * "Continue with Google", only when the server has Google sign-in configured. It is a plain link:
 * the server runs the whole OpenID Connect round trip with redirects and comes back to
 * `returnTo` signed in, or to `/login?error=google`.
 */
export function GoogleSignIn({ returnTo }: GoogleSignInProps) {
  const providers = useProviders();
  if (!providers.data?.google) return null;

  const href = `/auth/google?${new URLSearchParams({ returnTo })}`;
  return (
    <>
      <div className="my-6 flex items-center gap-3 text-sm text-stone-600">
        <span aria-hidden="true" className="h-px flex-1 bg-sand" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-sand" />
      </div>
      <a
        href={href}
        className={buttonStyles({ variant: 'secondary', size: 'lg', className: 'w-full' })}
      >
        <GoogleIcon />
        Continue with Google
      </a>
    </>
  );
}
