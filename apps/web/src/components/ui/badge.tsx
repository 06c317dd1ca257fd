import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  neutral: 'bg-stone-100 text-stone-800 ring-stone-300',
  teal: 'bg-teal-50 text-teal-900 ring-teal-300',
  green: 'bg-green-50 text-green-900 ring-green-300',
  amber: 'bg-amber-50 text-amber-900 ring-amber-300',
  red: 'bg-red-50 text-red-900 ring-red-300',
  dark: 'bg-stone-900 text-white ring-stone-900',
  /** Solid amber, to tell a state apart from the lighter amber beside it. */
  amberSolid: 'bg-amber-300 text-stone-950 ring-amber-500',
} as const;

export type BadgeTone = keyof typeof tones;

type BadgeProps = {
  tone?: BadgeTone;
  /** Read before the text by screen readers, for badges whose meaning comes from context. */
  srPrefix?: string;
  /** Shows `srPrefix` to everyone, where badges that share a word sit side by side. */
  prefixShown?: boolean;
  className?: string;
  children: ReactNode;
};

/** A badge shows a count up to this; past it, `99+` (say the exact count to screen readers). */
const COUNT_CAP = 99;

/** A count as a badge shows it: `7`, or `99+` past the cap. */
export const badgeCount = (count: number) => (count > COUNT_CAP ? `${COUNT_CAP}+` : String(count));

/** A short status label. */
export function Badge({
  tone = 'neutral',
  srPrefix,
  prefixShown = false,
  className,
  children,
}: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {srPrefix && (
        <span className={prefixShown ? 'mr-1 font-medium' : 'sr-only'}>{srPrefix} </span>
      )}
      {children}
    </span>
  );
}
