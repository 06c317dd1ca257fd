import { type ComponentProps, useState } from 'react';
import { cn } from '@/lib/cn';
import { EyeIcon, EyeOffIcon } from './form-icons';
import { inputStyles } from './input';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'>;

/** A password field with a button that shows or hides what was typed. */
export function PasswordInput({ className, disabled, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        type={visible ? 'text' : 'password'}
        // Spell checkers and autocorrect must not see or alter a visible password.
        spellCheck={false}
        autoCapitalize="none"
        autoCorrect="off"
        disabled={disabled}
        className={inputStyles(cn('pr-12', className))}
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible(!visible)}
        disabled={disabled}
        aria-pressed={visible}
        aria-label="Show password"
        aria-controls={props.id}
        className="absolute inset-y-0 right-0 flex w-12 cursor-pointer items-center justify-center rounded-r-lg text-stone-600 hover:text-teal-900 disabled:cursor-not-allowed"
      >
        {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
      </button>
    </div>
  );
}
