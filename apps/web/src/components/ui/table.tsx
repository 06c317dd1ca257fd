import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

type TableRegionProps = {
  /** Names the scrollable region and, as the caption, the table. */
  label: string;
  children: ReactNode;
  className?: string;
  /**
   * Lay the table out to the region's width (fixed column widths, long words broken) instead of
   * letting it grow past it: for tables shown only where they fit, whose actions must never
   * scroll out of view.
   */
  fit?: boolean;
};

/**
 * A table that scrolls sideways inside its own labelled region when the screen is narrower than
 * its columns (a phone), instead of widening the page. The region takes focus so keyboard users
 * can scroll it with the arrow keys.
 */
export function TableRegion({ label, children, className, fit = false }: TableRegionProps) {
  return (
    // `relative`: screen-reader-only text is absolutely placed, and must scroll with the table
    // rather than widen the page.
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className={cn(
        'relative overflow-x-auto rounded-2xl border border-sand bg-white shadow-sm',
        className,
      )}
    >
      <table
        className={cn(
          'w-full border-collapse text-left text-sm',
          fit ? 'table-fixed' : 'min-w-[48rem]',
        )}
      >
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </section>
  );
}

/** A column heading; `wrap` lets a long one take two lines in a table laid out to fit. */
export function Th({
  className,
  wrap = false,
  ...props
}: ComponentProps<'th'> & { wrap?: boolean }) {
  return (
    <th
      scope="col"
      className={cn(
        'border-b border-sand bg-cream px-3 py-3 font-semibold text-stone-800',
        !wrap && 'whitespace-nowrap',
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td
      className={cn('border-b border-stone-100 px-3 py-3 align-top text-stone-800', className)}
      {...props}
    />
  );
}
