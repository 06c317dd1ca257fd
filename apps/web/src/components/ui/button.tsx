import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const variants = {
  primary: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800 active:bg-teal-900',
  secondary: 'border border-teal-700 bg-white text-teal-800 hover:bg-teal-50 active:bg-teal-100',
  ghost: 'text-teal-800 hover:bg-teal-50 active:bg-teal-100',
  /** For dark teal surfaces such as the hero. */
  light: 'bg-cream text-teal-900 shadow-sm hover:bg-white active:bg-sand',
  outlineLight: 'border border-cream/80 text-cream hover:bg-white/10 active:bg-white/20',
  /** Destructive actions (delete), and their confirm buttons. */
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900',
  dangerOutline: 'border border-red-700 bg-white text-red-700 hover:bg-red-50 active:bg-red-100',
} as const;

const sizes = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10',
} as const;

type ButtonStyle = {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  className?: string;
};

/** The button look, for links that act as buttons (`<Link className={buttonStyles()}>`). */
export function buttonStyles({ variant = 'primary', size = 'md', className }: ButtonStyle = {}) {
  return cn(
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-60',
    variants[variant],
    sizes[size],
    className,
  );
}

type ButtonProps = ComponentProps<'button'> & ButtonStyle;

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  // type defaults to "button": a bare <button> inside a form would submit it.
  return <button type={type} className={buttonStyles({ variant, size, className })} {...props} />;
}
