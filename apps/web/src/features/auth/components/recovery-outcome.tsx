import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Notice } from '@/components/ui/notice';

/** The look of the links between the sign-in pages. */
export const authLinkStyle =
  'font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-950';

type RecoveryOutcomeProps = {
  /** A request sent or a password set (success), or a reset link that cannot be used (error). */
  tone: 'success' | 'error';
  children: ReactNode;
  /** Where the visitor goes next, and the link's words. */
  next: { to: string; label: string };
};

/** How a password reset step ended, in place of its form, with the link to the next step. */
export function RecoveryOutcome({ tone, children, next }: RecoveryOutcomeProps) {
  return (
    <div className="mt-6 space-y-6">
      <Notice tone={tone} role={tone === 'success' ? 'status' : 'alert'}>
        {children}
      </Notice>
      <p className="text-center text-sm">
        <Link to={next.to} className={authLinkStyle}>
          {next.label}
        </Link>
      </p>
    </div>
  );
}
