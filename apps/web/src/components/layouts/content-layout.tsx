import type { ReactNode } from 'react';

type ContentLayoutProps = {
  /** The page's one h1. */
  heading: string;
  children?: ReactNode;
};

/** The frame of an ordinary page: a width-limited column that opens with the page heading. */
export function ContentLayout({ heading, children }: ContentLayoutProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-teal-900 sm:text-4xl">{heading}</h1>
      {children}
    </div>
  );
}
