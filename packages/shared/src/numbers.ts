import { z } from 'zod';
import { strictNumberInput, wholeNumberInput } from './number-input.js';

/** A number field with the product's message for a missing or unreadable value. */
export const strictNumber = (message: string) =>
  z.preprocess(strictNumberInput, z.number({ error: message }));

/**
 * A whole-number query parameter (`page`, `limit`): digits only, as a link carries them; absent
 * or empty takes the default.
 */
export const queryInteger = (min: number, max: number, fallback: number) =>
  z.preprocess(
    wholeNumberInput,
    z
      .number({ error: 'Must be a whole number' })
      .int('Must be a whole number')
      .min(min, `Must be at least ${min}`)
      .max(max, `Must be at most ${max}`)
      .default(fallback),
  );
