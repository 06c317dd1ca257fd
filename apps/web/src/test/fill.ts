import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Replaces what the fields labelled so hold ('' empties one), as a person pasting into each
 * would; pasting also fills date inputs, which typing does only digit by digit.
 */
export async function fillFields(user: UserEvent, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText<HTMLInputElement>(label);
    if (field.value === value) continue;
    if (field.value) await user.clear(field);
    if (value) {
      await user.click(field);
      await user.paste(value);
    }
  }
}
