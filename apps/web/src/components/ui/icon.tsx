import type { ComponentProps } from 'react';

export type IconProps = ComponentProps<'svg'>;

/** The frame of every decorative line icon; the control that holds one carries the accessible name. */
export function Icon({ children, className = 'size-6', ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {children}
    </svg>
  );
}
