/**
 * A number as a form sends it in text: digits, an optional minus sign and an optional fraction.
 * Nothing `Number()` would also take: no hex (`0x55730`), exponents, `Infinity`, spaces.
 */
const DECIMAL_TEXT = /^-?\d{1,20}(\.\d{1,20})?$/;
const WHOLE_TEXT = /^\d{1,20}$/;

/**
 * What a numeric field accepts: a finite JSON number, or its decimal text (`"350000"`,
 * `"350000.50"`). An empty field (`''`, `null`) counts as absent, so it meets the field's
 * "required" message or its default. Anything else (booleans, arrays, `"0x55730"`, `"1e5"`,
 * `"  "`) is passed on unchanged for `z.number()` to refuse: the field's message asks for digits.
 * A browser's number field takes `1e5` too; the forms read it with this, so they refuse it as
 * the server does.
 */
export function strictNumberInput(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  if (typeof value === 'string' && DECIMAL_TEXT.test(value)) return Number(value);
  return value;
}

/**
 * What a whole-number query parameter (`page`, `limit`) accepts: digits only, as a link carries
 * them; absent or empty counts as absent, so it takes the default. Anything else is passed on
 * for the schema to refuse.
 */
export function wholeNumberInput(value: unknown): unknown {
  if (value === '' || value === undefined) return undefined;
  if (typeof value === 'string' && WHOLE_TEXT.test(value)) return Number(value);
  return value;
}
