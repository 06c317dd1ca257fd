import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { CloseIcon } from './icons';

export const Sheet = RadixDialog.Root;
export const SheetTrigger = RadixDialog.Trigger;

type SheetContentProps = {
  /** Announced as the dialog's name and shown at its top. */
  title: string;
  side?: 'left' | 'right';
  children: ReactNode;
};

/** A panel that slides in from a screen edge, for menus on small screens. */
export function SheetContent({ title, side = 'left', children }: SheetContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-stone-950/50" />
      <RadixDialog.Content
        aria-describedby={undefined}
        className={cn(
          'fixed inset-y-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-cream shadow-xl',
          side === 'left' ? 'left-0 animate-slide-in-left' : 'right-0 animate-slide-in-right',
        )}
      >
        <div className="flex items-center justify-between border-b border-sand px-4 py-3">
          <RadixDialog.Title className="text-lg font-bold text-teal-900">{title}</RadixDialog.Title>
          <RadixDialog.Close
            aria-label="Close menu"
            className="inline-flex size-10 cursor-pointer items-center justify-center rounded-lg text-teal-900 hover:bg-teal-50"
          >
            <CloseIcon />
          </RadixDialog.Close>
        </div>
        <div className="flex-1 p-4">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
