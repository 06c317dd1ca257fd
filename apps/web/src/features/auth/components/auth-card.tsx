import { ACCOUNT_RECOVERY_MESSAGES } from '@keyhaven/shared/texts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { authLinkStyle } from './recovery-outcome';

type AuthCardProps = {
  heading: string;
  intro: string;
  children?: ReactNode;
  /** The line under the card that points to the other form. */
  switchPrompt: string;
  switchLabel: string;
  switchTo: string;
  /** A wider card, for the longer registration form. */
  wide?: boolean;
};

/** The shared frame of the sign-in and registration pages. */
export function AuthCard({
  heading,
  intro,
  children,
  switchPrompt,
  switchLabel,
  switchTo,
  wide = false,
}: AuthCardProps) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-12 sm:py-20">
      <div
        className={cn(
          'w-full rounded-2xl border border-sand bg-white p-6 shadow-sm sm:p-8',
          wide ? 'max-w-xl' : 'max-w-md',
        )}
      >
        <h1 className="text-center text-3xl font-bold text-teal-900">{heading}</h1>
        <p className="mt-2 text-center text-stone-700">{intro}</p>
        {children}
        <p className="mt-8 text-center text-stone-700">
          {switchPrompt}{' '}
          <Link to={switchTo} className={authLinkStyle}>
            {switchLabel}
          </Link>
        </p>
      </div>
    </div>
  );
}

type RecoveryCardProps = {
  heading: string;
  intro: string;
  /** The page's own title and address, for its head. */
  meta: { title: string; path: string };
  children: ReactNode;
};

/** The frame of the two password reset pages, which lead back to signing in. */
export function RecoveryCard({ heading, intro, meta, children }: RecoveryCardProps) {
  return (
    <AuthCard
      heading={heading}
      intro={intro}
      switchPrompt={ACCOUNT_RECOVERY_MESSAGES.rememberedPrompt}
      switchLabel="Login"
      switchTo={paths.login}
    >
      <PageMeta title={meta.title} description={intro} path={meta.path} />
      {children}
    </AuthCard>
  );
}
