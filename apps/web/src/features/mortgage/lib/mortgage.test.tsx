import { describe, expect, it } from 'vitest';
import { initialFields, readFields, withChange } from './calculator-form';
import {
  formatCents,
  formatWholeDollars,
  monthlyPrincipalAndInterest,
  mortgageBreakdown,
  parseAmount,
} from './mortgage';

const cents = (amount: number) => Math.round(amount * 100) / 100;

describe('monthlyPrincipalAndInterest', () => {
  it.each([
    // Published amortisation tables give these payments.
    { loan: 200_000, rate: 6.5, years: 30, monthly: 1264.14 },
    { loan: 100_000, rate: 5, years: 15, monthly: 790.79 },
    { loan: 250_000, rate: 7, years: 20, monthly: 1938.25 },
    { loan: 320_000, rate: 6, years: 30, monthly: 1918.56 },
  ])('$loan at $rate% over $years years is $monthly a month', ({ loan, rate, years, monthly }) => {
    expect(cents(monthlyPrincipalAndInterest(loan, rate, years))).toBe(monthly);
  });

  it('splits an interest-free loan evenly over its months', () => {
    expect(cents(monthlyPrincipalAndInterest(300_000, 0, 15))).toBe(1666.67);
  });

  it('is nothing when nothing is borrowed', () => {
    expect(monthlyPrincipalAndInterest(0, 6.5, 30)).toBe(0);
  });
});

/** A home without property tax, insurance or HOA dues: its monthly cost is the loan's alone. */
const NO_COSTS_BESIDES_THE_LOAN = { yearlyPropertyTax: 0, yearlyInsurance: 0, monthlyHoa: 0 };

describe('mortgageBreakdown', () => {
  it('adds tax, insurance and HOA to the loan repayment and counts the interest over the term', () => {
    const breakdown = mortgageBreakdown({
      price: 250_000,
      downPayment: 50_000,
      yearlyRatePercent: 6.5,
      years: 30,
      yearlyPropertyTax: 3_000,
      yearlyInsurance: 1_200,
      monthlyHoa: 50,
    });
    expect(breakdown.loan).toBe(200_000);
    expect(cents(breakdown.principalAndInterest)).toBe(1264.14);
    expect(breakdown.propertyTax).toBe(250);
    expect(breakdown.insurance).toBe(100);
    expect(breakdown.hoa).toBe(50);
    expect(cents(breakdown.monthly)).toBe(1664.14);
    // 360 payments of 1,264.136 less the 200,000 borrowed.
    expect(cents(breakdown.totalInterest)).toBe(255_088.98);
  });

  it('charges no interest on an interest-free loan', () => {
    const breakdown = mortgageBreakdown({
      ...NO_COSTS_BESIDES_THE_LOAN,
      price: 300_000,
      downPayment: 0,
      yearlyRatePercent: 0,
      years: 15,
    });
    expect(cents(breakdown.monthly)).toBe(1666.67);
    expect(breakdown.totalInterest).toBe(0);
  });
});

describe('formatting and reading amounts', () => {
  it('shows dollars in US format', () => {
    expect(formatCents(1264.136)).toBe('$1,264.14');
    expect(formatWholeDollars(255_088.98)).toBe('$255,089');
  });

  it('reads amounts typed with a dollar sign and commas, and refuses the rest', () => {
    expect(parseAmount('$250,000')).toEqual({ value: 250_000 });
    expect(parseAmount(' 6.5 ')).toEqual({ value: 6.5 });
    expect(parseAmount('')).toEqual({ error: 'Enter an amount.' });
    expect(parseAmount('12abc')).toEqual({ error: 'Enter a number.' });
    expect(parseAmount('-5')).toEqual({ error: "This can't be negative." });
  });
});

describe('the calculator fields', () => {
  it('start from the price with 20% down and work out a payment', () => {
    const fields = initialFields(250_000);
    expect(fields.downAmount).toBe('50000');
    const { input, errors } = readFields(fields);
    expect(errors).toEqual({});
    expect(input?.downPayment).toBe(50_000);
  });

  it('keep the down payment percent and amount in step', () => {
    let fields = initialFields(200_000);
    fields = withChange(fields, 'downPercent', '10');
    expect(fields.downAmount).toBe('20000');
    fields = withChange(fields, 'downAmount', '50000');
    expect(fields.downPercent).toBe('25');
    fields = withChange(fields, 'price', '400000');
    expect(fields.downPercent).toBe('25');
    expect(fields.downAmount).toBe('100000');
  });

  it('keep the amount a buyer typed when the price changes', () => {
    let fields = withChange(initialFields(200_000), 'downMode', 'amount');
    fields = withChange(fields, 'downAmount', '50000');
    fields = withChange(fields, 'price', '500000');
    expect(fields.downAmount).toBe('50000');
    expect(fields.downPercent).toBe('10');
  });

  it('name each wrong field: empty, negative, down payment above the price, rate too high', () => {
    let fields = withChange(initialFields(200_000), 'downMode', 'amount');
    fields = { ...fields, downAmount: '250000', rate: '31', yearlyTax: '', monthlyHoa: '-1' };
    const { input, errors } = readFields(fields);
    expect(input).toBeUndefined();
    expect(errors).toEqual({
      downAmount: "The down payment can't be more than the price.",
      rate: 'Enter a rate of 30% or less.',
      yearlyTax: 'Enter an amount, or 0 if there is none.',
      monthlyHoa: "This can't be negative.",
    });
    expect(readFields({ ...fields, price: '0' }).errors.price).toBe('Enter a price above $0.');
    expect(readFields({ ...initialFields(200_000), downPercent: '120' }).errors.downPercent).toBe(
      "The down payment can't be more than the price.",
    );
  });
});
