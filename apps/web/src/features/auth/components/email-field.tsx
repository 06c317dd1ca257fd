import { ACCOUNT_LABELS } from '@keyhaven/shared/texts';
import type { ComponentProps } from 'react';
import { TextField } from '@/components/form/fields';

type EmailFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type'>;

/** The account's e-mail, required, as sign-in and the reset request ask for it. */
export function EmailField(props: EmailFieldProps) {
  return (
    <TextField
      label={ACCOUNT_LABELS.email}
      type="email"
      autoComplete="email"
      inputMode="email"
      aria-required="true"
      {...props}
    />
  );
}
