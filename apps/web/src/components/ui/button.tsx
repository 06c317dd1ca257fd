import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  primary: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800 active:bg-teal-900',
  secondary: 'border border-teal-700 bg-white text-teal-800 hover:bg-teal-50 active:bg-teal-100',
  ghost: 'text-teal-800 hover:bg-teal-50 active:bg-teal-100',
  /** For dark teal surfaces such as the hero. */
  light: 'bg-cream text-teal-900 shadow-sm hover:bg-white active:bg-sand',
  outlineLight: 'border border-cream/80 text-cream hover:bg-white/10 active:bg-white/20',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Renders the single child (for example a router `Link`) with the button's looks. */
  asChild?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  className,
  type,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      // A bare <button> inside a form submits it; make that an explicit choice.
      type={asChild ? type : (type ?? 'button')}
      className={cn(
        'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-60',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
