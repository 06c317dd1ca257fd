import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { AlertIcon } from './form-icons';
import { CheckIcon } from './icons';

const tones = {
  info: 'border-teal-200 bg-teal-50 text-teal-950',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  error: 'border-red-200 bg-red-50 text-red-900',
  success: 'border-green-300 bg-green-50 text-green-950',
} as const;

type NoticeProps = {
  tone?: keyof typeof tones;
  title?: ReactNode;
  children?: ReactNode;
  /**
   * `alert` for something that went wrong just now (read out at once), `status` for news the
   * visitor is waiting for; leave it out for a note that is simply part of the page.
   */
  role?: 'alert' | 'status';
  className?: string;
};

/** A boxed message in a page: a note, a warning, or an error with its reason. */
export function Notice({ tone = 'info', title, children, role, className }: NoticeProps) {
  const Icon = tone === 'success' ? CheckIcon : AlertIcon;
  return (
    <div role={role} className={cn('flex gap-3 rounded-xl border p-4', tones[tone], className)}>
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 break-words">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
      </div>
    </div>
  );
}
