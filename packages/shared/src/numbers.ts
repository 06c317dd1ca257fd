import { z } from 'zod';
import { strictNumberInput, wholeNumberInput } from './number-input.js';

/**
 * A number field with the product's messages: `required` when it is missing or empty, `inDigits`
 * when it holds something other than a number or its decimal text (`1e5`, `0x55730`, `true`).
 */
export const strictNumber = (required: string, inDigits: string) =>
  z.preprocess(
    strictNumberInput,
    z.number({ error: (issue) => (issue.input === undefined ? required : inDigits) }),
  );

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
