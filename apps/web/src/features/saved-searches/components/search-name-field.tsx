import { ENGAGEMENT_LIMITS } from '@keyhaven/shared/constants';
import { SAVED_SEARCH_MESSAGES } from '@keyhaven/shared/texts';
import type { ComponentProps } from 'react';
import { TextField } from '@/components/form/fields';

type SearchNameFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'maxLength'>;

/** A saved search's name, as long as the server keeps one. */
export function SearchNameField(props: SearchNameFieldProps) {
  return (
    <TextField
      label={SAVED_SEARCH_MESSAGES.nameLabel}
      maxLength={ENGAGEMENT_LIMITS.savedSearchNameMaxLength}
      {...props}
    />
  );
}
