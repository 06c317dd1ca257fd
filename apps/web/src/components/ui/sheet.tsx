import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons';

export const Sheet = RadixDialog.Root;
export const SheetTrigger = RadixDialog.Trigger;

type SheetContentProps = {
  /** Announced as the dialog's name and shown at its top. */
  title: string;
  children: ReactNode;
};

/** A panel that slides in from the left edge, for menus on small screens. */
export function SheetContent({ title, children }: SheetContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 motion-safe:animate-fade-in bg-stone-950/50" />
      <RadixDialog.Content
        aria-describedby={undefined}
        className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-cream shadow-xl motion-safe:animate-slide-in-left"
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
