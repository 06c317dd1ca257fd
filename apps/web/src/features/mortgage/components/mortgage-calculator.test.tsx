import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '@/test/render';
import { MortgageCalculator } from './mortgage-calculator';

const monthlyPayment = () =>
  screen.getByText('Estimated monthly payment').nextElementSibling?.textContent;

async function enter(user: ReturnType<typeof renderInApp>['user'], label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
}

describe('MortgageCalculator', () => {
  it("starts from the listing's price with 20% down", () => {
    renderInApp(<MortgageCalculator price={250_000} />);
    expect(screen.getByLabelText('Home price ($)')).toHaveValue('250000');
    expect(screen.getByLabelText('Down payment (%)')).toHaveValue('20');
    expect(screen.getByText('$50,000 down')).toBeInTheDocument();
    expect(screen.getByLabelText('Loan term')).toHaveValue('30');
  });

  it('shows the monthly payment of a known loan, its split and the interest over the term', async () => {
    const { user } = renderInApp(<MortgageCalculator price={250_000} />);
    await enter(user, 'Down payment (%)', '20');
    await enter(user, 'Interest rate (%)', '6.5');
    await enter(user, 'Property tax per year ($)', '3000');
    await enter(user, 'Home insurance per year ($)', '1200');
    await enter(user, 'HOA fees per month ($)', '50');
    expect(monthlyPayment()).toBe('$1,664.14');
    const legend = screen.getByRole('list');
    expect(legend).toHaveTextContent('Principal & interest$1,264.14');
    expect(legend).toHaveTextContent('Property tax$250.00');
    expect(legend).toHaveTextContent('Home insurance$100.00');
    expect(legend).toHaveTextContent('HOA fees$50.00');
    expect(screen.getByText('Total interest over 30 years').nextElementSibling).toHaveTextContent(
      '$255,089',
    );

    await user.selectOptions(screen.getByLabelText('Loan term'), '15');
    expect(screen.getByText('Total interest over 15 years')).toBeInTheDocument();
  });

  it('switches the down payment to an amount that keeps in step with the percent', async () => {
    const { user } = renderInApp(<MortgageCalculator price={300_000} />);
    await user.click(screen.getByRole('radio', { name: 'Amount ($)' }));
    expect(screen.getByLabelText('Down payment ($)')).toHaveValue('60000');
    await enter(user, 'Down payment ($)', '30000');
    expect(screen.getByText('10% of the price')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Percent (%)' }));
    expect(screen.getByLabelText('Down payment (%)')).toHaveValue('10');
  });

  it('says what is wrong next to each field and holds back the payment until it is fixed', async () => {
    const { user } = renderInApp(<MortgageCalculator price={200_000} />);
    await user.click(screen.getByRole('radio', { name: 'Amount ($)' }));
    await enter(user, 'Down payment ($)', '250000');
    await enter(user, 'Interest rate (%)', '45');
    await enter(user, 'HOA fees per month ($)', '-10');
    await enter(user, 'Home price ($)', '');

    expect(screen.getByLabelText('Home price ($)')).toHaveAccessibleDescription('Enter the price.');
    expect(screen.getByLabelText('Interest rate (%)')).toHaveAccessibleDescription(
      'Enter a rate of 30% or less.',
    );
    expect(screen.getByLabelText('HOA fees per month ($)')).toHaveAccessibleDescription(
      "This can't be negative.",
    );
    expect(screen.getByLabelText('HOA fees per month ($)')).toBeInvalid();
    expect(screen.getByText('Correct the marked fields to see the payment.')).toBeInTheDocument();

    await enter(user, 'Home price ($)', '200000');
    expect(screen.getByLabelText('Down payment ($)')).toHaveAccessibleDescription(
      "The down payment can't be more than the price.",
    );
  });

  it('starts from the figures in its address, as its plain form sends them without JavaScript', () => {
    const address =
      '/propertyDetails/home-1?price=400000&downMode=amount&downPercent=25&rate=5&years=15&yearlyTax=4800&yearlyInsurance=1200&monthlyHoa=0';
    renderInApp(<MortgageCalculator price={250_000} />, {
      path: address,
      route: '/propertyDetails/:id',
    });
    expect(screen.getByLabelText('Home price ($)')).toHaveValue('400000');
    // The percent sent, with the amount chosen: the amount follows it.
    expect(screen.getByLabelText('Down payment ($)')).toHaveValue('100000');
    expect(screen.getByLabelText('Loan term')).toHaveValue('15');
    expect(screen.getByText('Total interest over 15 years')).toBeInTheDocument();
    expect(monthlyPayment()).toBe('$2,872.38');

    // What the form sends is that same address, to this page's calculator.
    const form = screen.getByRole('form', { name: 'Mortgage details' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/propertyDetails/home-1#mortgage-calculator');
    const sent = new URLSearchParams();
    for (const [name, value] of new FormData(form as HTMLFormElement)) {
      sent.append(name, String(value));
    }
    expect(Object.fromEntries(sent)).toEqual({
      price: '400000',
      downMode: 'amount',
      downAmount: '100000',
      rate: '5',
      years: '15',
      yearlyTax: '4800',
      yearlyInsurance: '1200',
      monthlyHoa: '0',
    });
  });

  it('leaves a term it does not offer at its default, and shows what is wrong in the rest', () => {
    renderInApp(<MortgageCalculator price={250_000} />, {
      path: '/propertyDetails/home-1?years=7&rate=abc',
      route: '/propertyDetails/:id',
    });
    expect(screen.getByLabelText('Loan term')).toHaveValue('30');
    expect(screen.getByLabelText('Interest rate (%)')).toHaveAccessibleDescription(
      'Enter a number.',
    );
  });
});
