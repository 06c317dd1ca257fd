import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type ContentLayoutProps = {
  /** The page's one h1. */
  heading: string;
  /** The document title; leave it out where a layout already sets one (the dashboard). */
  documentTitle?: string;
  children?: ReactNode;
  className?: string;
};

/** The frame of an ordinary page: a width-limited column that opens with the page heading. */
export function ContentLayout({ heading, documentTitle, children, className }: ContentLayoutProps) {
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8', className)}>
      {documentTitle && <title>{documentTitle}</title>}
      <h1 className="text-3xl font-bold tracking-tight text-teal-900 sm:text-4xl">{heading}</h1>
      {children}
    </div>
  );
}
