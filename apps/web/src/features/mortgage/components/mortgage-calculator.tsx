import { type ChangeEvent, useId, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, inputStyles } from '@/components/ui/input';
import { useHydrated } from '@/hooks/use-hydrated';
import { cn } from '@/lib/cn';
import {
  type CalculatorFields,
  type DownPaymentMode,
  fieldsFromAddress,
  readFields,
  withChange,
} from '../lib/calculator-form';
import {
  formatCents,
  formatWholeDollars,
  type MortgageBreakdown,
  mortgageBreakdown,
  TERMS_IN_YEARS,
  type TermInYears,
} from '../lib/mortgage';

type NumberFieldName =
  | 'price'
  | 'downPercent'
  | 'downAmount'
  | 'rate'
  | 'yearlyTax'
  | 'yearlyInsurance'
  | 'monthlyHoa';

/** Where the page opens when the calculator is sent without JavaScript. */
const SECTION_ID = 'mortgage-calculator';

const PARTS = [
  { key: 'principalAndInterest', label: 'Principal & interest', swatch: 'bg-teal-700' },
  { key: 'propertyTax', label: 'Property tax', swatch: 'bg-amber-500' },
  { key: 'insurance', label: 'Home insurance', swatch: 'bg-sky-600' },
  { key: 'hoa', label: 'HOA fees', swatch: 'bg-stone-500' },
] as const;

/** The monthly payment as one bar cut into its parts, drawn to scale; the legend reads it out. */
function PaymentSplit({ breakdown }: { breakdown: MortgageBreakdown }) {
  const total = breakdown.monthly;
  return (
    <>
      <div
        aria-hidden="true"
        className="mt-4 flex h-4 w-full overflow-hidden rounded-full bg-stone-100"
      >
        {total > 0 &&
          PARTS.map(({ key, swatch }) => (
            <div
              key={key}
              className={swatch}
              style={{ width: `${(breakdown[key] / total) * 100}%` }}
            />
          ))}
      </div>
      <ul className="mt-4 space-y-2 text-sm">
        {PARTS.map(({ key, label, swatch }) => (
          <li key={key} className="flex items-center gap-2">
            <span aria-hidden="true" className={cn('size-3 shrink-0 rounded-sm', swatch)} />
            <span className="text-stone-700">{label}</span>
            <span className="ml-auto font-semibold text-stone-900 tabular-nums">
              {formatCents(breakdown[key])}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * What a home would cost a month with a mortgage: the buyer sets the price (the listing's lowest
 * by default), down payment, rate, term, tax, insurance and HOA, and reads the payment, its split
 * and the interest paid over the loan. Everything is worked out here, as the buyer types. Before the
 * page's code runs, or without it, the fields are a plain GET form to this page, which the server
 * renders with the figures of its address worked out (`fieldsFromAddress`).
 */
export function MortgageCalculator({ price }: { price: number }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [fields, setFields] = useState(() => fieldsFromAddress(price, params));
  const hydrated = useHydrated();
  const headingId = useId();
  const { input, errors } = readFields(fields);
  const breakdown = input ? mortgageBreakdown(input) : null;

  const set = <Key extends keyof CalculatorFields>(key: Key, value: CalculatorFields[Key]) =>
    setFields((current) => withChange(current, key, value));
  const numberInput = (name: NumberFieldName) => ({
    name,
    value: fields[name],
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
  });
  const percentMode = fields.downMode === 'percent';
  const downHint = percentMode
    ? breakdown && `${formatWholeDollars(input?.downPayment ?? 0)} down`
    : breakdown && `${fields.downPercent}% of the price`;

  return (
    <section
      id={SECTION_ID}
      aria-labelledby={headingId}
      className="mt-10 scroll-mt-8 rounded-2xl border border-sand bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-2xl font-bold text-teal-900">
        Mortgage calculator
      </h2>
      <p className="mt-1 text-stone-700">
        An estimate to plan with; your lender's offer will differ.
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <form
          aria-label="Mortgage details"
          method="get"
          action={`${pathname}#${SECTION_ID}`}
          className="grid gap-5 sm:grid-cols-2"
          onSubmit={(event) => event.preventDefault()}
          noValidate
        >
          <Field label="Home price ($)" error={errors.price}>
            {(control) => <Input {...control} {...numberInput('price')} />}
          </Field>
          <fieldset className="min-w-0">
            <legend className="text-sm font-semibold text-stone-800">Down payment as</legend>
            <div className="mt-1.5 grid h-11 grid-cols-2 rounded-lg border border-stone-400 p-1">
              {(
                [
                  ['percent', 'Percent (%)'],
                  ['amount', 'Amount ($)'],
                ] as [DownPaymentMode, string][]
              ).map(([mode, label]) => (
                <label
                  key={mode}
                  className="flex cursor-pointer items-center justify-center rounded-md text-sm font-semibold text-stone-800 has-checked:bg-teal-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-teal-700"
                >
                  <input
                    type="radio"
                    name="downMode"
                    value={mode}
                    checked={fields.downMode === mode}
                    onChange={() => set('downMode', mode)}
                    className="sr-only"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          {percentMode ? (
            <Field label="Down payment (%)" hint={downHint} error={errors.downPercent}>
              {(control) => <Input {...control} {...numberInput('downPercent')} />}
            </Field>
          ) : (
            <Field label="Down payment ($)" hint={downHint} error={errors.downAmount}>
              {(control) => <Input {...control} {...numberInput('downAmount')} />}
            </Field>
          )}
          <Field label="Interest rate (%)" error={errors.rate}>
            {(control) => <Input {...control} {...numberInput('rate')} />}
          </Field>
          <Field label="Loan term">
            {(control) => (
              <select
                {...control}
                name="years"
                value={fields.years}
                onChange={(event) => set('years', Number(event.target.value) as TermInYears)}
                className={inputStyles()}
              >
                {TERMS_IN_YEARS.map((years) => (
                  <option key={years} value={years}>
                    {years} years
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Property tax per year ($)" error={errors.yearlyTax}>
            {(control) => <Input {...control} {...numberInput('yearlyTax')} />}
          </Field>
          <Field label="Home insurance per year ($)" error={errors.yearlyInsurance}>
            {(control) => <Input {...control} {...numberInput('yearlyInsurance')} />}
          </Field>
          <Field label="HOA fees per month ($)" error={errors.monthlyHoa}>
            {(control) => <Input {...control} {...numberInput('monthlyHoa')} />}
          </Field>
          {/* The page works the payment out as the buyer types; until then, this asks the server. */}
          {!hydrated && (
            <Button type="submit" className="h-11 sm:col-span-2 sm:justify-self-start">
              Calculate
            </Button>
          )}
        </form>

        <div className="rounded-xl bg-cream p-5">
          <p className="text-sm font-semibold text-stone-700">Estimated monthly payment</p>
          {breakdown ? (
            <>
              <p className="mt-1 text-3xl font-bold text-teal-900 tabular-nums">
                {formatCents(breakdown.monthly)}
              </p>
              <PaymentSplit breakdown={breakdown} />
              <dl className="mt-5 space-y-2 border-t border-sand pt-4 text-sm">
                <div className="flex justify-between gap-2">
                  <dt className="text-stone-700">Loan amount</dt>
                  <dd className="font-semibold text-stone-900 tabular-nums">
                    {formatWholeDollars(breakdown.loan)}
                  </dd>
                </div>
                <div className="flex justify-between gap-2">
                  <dt className="text-stone-700">Total interest over {fields.years} years</dt>
                  <dd className="font-semibold text-stone-900 tabular-nums">
                    {formatWholeDollars(breakdown.totalInterest)}
                  </dd>
                </div>
              </dl>
            </>
          ) : (
            <p className="mt-2 text-stone-800">Correct the marked fields to see the payment.</p>
          )}
        </div>
      </div>
    </section>
  );
}
