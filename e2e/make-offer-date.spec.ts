import { expect, test } from './fixtures';
import { registerBuyer, signInAs } from './market';

/** The UTC day `days` from now, as the date input and the server count days. */
const utcDay = (days: number, years = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

test('the Make Offer date picker starts tomorrow and ends two years ahead, as the server allows', async ({
  page,
  playwright,
}, testInfo) => {
  // A buyer of its own, who has made no offer on any listing another spec may have left behind.
  const buyer = await registerBuyer(playwright, testInfo, 'Date Buyer');
  await signInAs(page, buyer);
  const search = await page.request.get('/properties/search');
  const [listing] = (await search.json()) as Array<{ _id: string }>;
  expect(listing, 'the demo seed has open listings').toBeDefined();
  await page.goto(`/make-offer/${listing?._id}`);
  const date = page.getByLabel('Buying Date');
  await expect(date).toHaveAttribute('min', utcDay(1));
  await expect(date).toHaveAttribute('max', utcDay(0, 2));
  await date.fill(utcDay(0));
  await page.getByRole('button', { name: 'Submit Offer' }).click();
  await expect(page.getByText('Buying date must be in the future')).toBeVisible();
  await buyer.api.dispose();
});
