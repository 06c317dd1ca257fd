import {
  fieldNumber,
  MAX_RATE_PERCENT,
  type MortgageInput,
  type ParsedNumber,
  parseAmount,
  percentOf,
  shareOf,
  TERMS_IN_YEARS,
  type TermInYears,
} from './mortgage';

/** How the buyer states the down payment; the other form follows it. */
export type DownPaymentMode = 'percent' | 'amount';

/** The calculator's fields as typed, so a half-typed number is never rewritten under the cursor. */
export type CalculatorFields = {
  price: string;
  downMode: DownPaymentMode;
  downPercent: string;
  downAmount: string;
  rate: string;
  years: TermInYears;
  yearlyTax: string;
  yearlyInsurance: string;
  monthlyHoa: string;
};

type TextField = Exclude<keyof CalculatorFields, 'downMode' | 'years'>;
export type CalculatorErrors = Partial<Record<TextField, string>>;

/** What buyers start from when a listing has no figures of its own for them. */
export const DEFAULT_DOWN_PERCENT = 20;
export const DEFAULT_RATE_PERCENT = 6.5;
/** A typical US property tax is about 1% of the home's value a year. */
const DEFAULT_TAX_SHARE = 0.01;
export const DEFAULT_YEARLY_INSURANCE = 1200;

/** The calculator for a home at `price` (a listing's lowest asking price). */
export function initialFields(price: number): CalculatorFields {
  return {
    price: fieldNumber(price),
    downMode: 'percent',
    downPercent: String(DEFAULT_DOWN_PERCENT),
    downAmount: fieldNumber(percentOf(price, DEFAULT_DOWN_PERCENT)),
    rate: String(DEFAULT_RATE_PERCENT),
    years: 30,
    yearlyTax: fieldNumber(Math.round(price * DEFAULT_TAX_SHARE)),
    yearlyInsurance: String(DEFAULT_YEARLY_INSURANCE),
    monthlyHoa: '0',
  };
}

/** The fields typed as text, each sent under its own name when the form is sent without JavaScript. */
const TEXT_FIELDS = [
  'price',
  'downPercent',
  'downAmount',
  'rate',
  'yearlyTax',
  'yearlyInsurance',
  'monthlyHoa',
] as const satisfies readonly TextField[];

/**
 * The calculator as its page address sets it (`?price=...&downMode=...&rate=...&years=15`), as the
 * plain form sends it before the page's code runs or without it: each field given is applied as if
 * typed, in the form's order, so the down payment's percent and amount stay in step; an unknown
 * mode or term is left at its default, and a field left out keeps the listing's figure.
 */
export function fieldsFromAddress(price: number, params: URLSearchParams): CalculatorFields {
  let fields = initialFields(price);
  const mode = params.get('downMode');
  if (mode === 'percent' || mode === 'amount') fields = withChange(fields, 'downMode', mode);
  for (const key of TEXT_FIELDS) {
    const value = params.get(key);
    if (value !== null) fields = withChange(fields, key, value);
  }
  const years = TERMS_IN_YEARS.find((term) => String(term) === params.get('years'));
  if (years !== undefined) fields = withChange(fields, 'years', years);
  return fields;
}

const numberOf = (text: string) => parseAmount(text).value;

/**
 * A field changed. The down payment's percent and amount stay in step: a new percent sets the
 * amount, a new amount sets the percent, and a new price keeps whichever of the two the buyer is
 * typing in.
 */
export function withChange<Key extends keyof CalculatorFields>(
  fields: CalculatorFields,
  key: Key,
  value: CalculatorFields[Key],
): CalculatorFields {
  const next = { ...fields, [key]: value };
  const price = numberOf(next.price);
  if (price === undefined) return next;
  const priceKeepsPercent = key === 'price' && next.downMode === 'percent';
  if (key === 'downPercent' || priceKeepsPercent) {
    const percent = numberOf(next.downPercent);
    if (percent !== undefined) next.downAmount = fieldNumber(percentOf(price, percent));
  } else if (key === 'downAmount' || key === 'price') {
    const amount = numberOf(next.downAmount);
    if (amount !== undefined) next.downPercent = fieldNumber(shareOf(price, amount));
  }
  return next;
}

const DOWN_ABOVE_PRICE = "The down payment can't be more than the price.";
const NONE_IS_ZERO = { required: 'Enter an amount, or 0 if there is none.' };

function check(parsed: ParsedNumber, rule?: (value: number) => string | undefined): ParsedNumber {
  if (parsed.value === undefined) return parsed;
  const error = rule?.(parsed.value);
  return error ? { error } : parsed;
}

/** Reads the fields: the loan to work out, or a message for each field that is wrong. */
export function readFields(fields: CalculatorFields): {
  input?: MortgageInput;
  errors: CalculatorErrors;
} {
  const price = check(parseAmount(fields.price, { required: 'Enter the price.' }), (value) =>
    value === 0 ? 'Enter a price above $0.' : undefined,
  );
  const down =
    fields.downMode === 'percent'
      ? check(parseAmount(fields.downPercent, { required: 'Enter a percentage.' }), (value) =>
          value > 100 ? DOWN_ABOVE_PRICE : undefined,
        )
      : check(parseAmount(fields.downAmount), (value) =>
          price.value !== undefined && value > price.value ? DOWN_ABOVE_PRICE : undefined,
        );
  const rate = check(parseAmount(fields.rate, { required: 'Enter the interest rate.' }), (value) =>
    value > MAX_RATE_PERCENT ? `Enter a rate of ${MAX_RATE_PERCENT}% or less.` : undefined,
  );
  const yearlyTax = parseAmount(fields.yearlyTax, NONE_IS_ZERO);
  const yearlyInsurance = parseAmount(fields.yearlyInsurance, NONE_IS_ZERO);
  const monthlyHoa = parseAmount(fields.monthlyHoa, NONE_IS_ZERO);

  const errors: CalculatorErrors = {
    price: price.error,
    [fields.downMode === 'percent' ? 'downPercent' : 'downAmount']: down.error,
    rate: rate.error,
    yearlyTax: yearlyTax.error,
    yearlyInsurance: yearlyInsurance.error,
    monthlyHoa: monthlyHoa.error,
  };
  for (const key of Object.keys(errors) as TextField[]) {
    if (!errors[key]) delete errors[key];
  }
  if (
    price.value === undefined ||
    down.value === undefined ||
    rate.value === undefined ||
    yearlyTax.value === undefined ||
    yearlyInsurance.value === undefined ||
    monthlyHoa.value === undefined
  ) {
    return { errors };
  }
  return {
    errors,
    input: {
      price: price.value,
      downPayment: fields.downMode === 'percent' ? percentOf(price.value, down.value) : down.value,
      yearlyRatePercent: rate.value,
      years: fields.years,
      yearlyPropertyTax: yearlyTax.value,
      yearlyInsurance: yearlyInsurance.value,
      monthlyHoa: monthlyHoa.value,
    },
  };
}
