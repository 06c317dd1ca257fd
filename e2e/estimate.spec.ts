import { ESTIMATE_MESSAGES } from '../packages/shared/src/estimate-messages';
import { expect, expectNoSeriousA11yViolations, test, waitingForHydration } from './fixtures';
import {
  accept,
  apiAs,
  type Buyer,
  type Listing,
  listApprovedHome,
  offer,
  PRICE,
  registerBuyer,
  signInAs,
} from './market';

/*
 * Comparables and the Keyhaven Estimate: three homes like one listing sell next to it through the
 * demo checkout; a buyer on a phone opens the listing's estimate by keyboard and reads the value,
 * its range and confidence, and the three sales it was made from, each with its distance, price
 * a square foot and sale date.
 */

const M = ESTIMATE_MESSAGES;

/** The buyer pays for the home whose offer the agent accepted, through the demo checkout. */
async function buy(buyer: Buyer, home: Listing) {
  const session = await buyer.api.post('/api/payment/create-checkout-session', {
    data: { offer: { _id: home.id, property: { _id: home.id } } },
  });
  expect(session.status(), await session.text()).toBe(200);
  const { url } = (await session.json()) as { url: string };
  const paid = await buyer.api.post(`/api/payment/demo/${url.split('/').pop()}/pay`, {
    data: {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/39',
      cvc: '123',
      name: 'Comparable Buyer',
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

test('a buyer reads the comparable sales and the estimate of a listing on a phone', async ({
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(120_000);
  const agent = await apiAs(playwright, testInfo, 'agent');
  const admin = await apiAs(playwright, testInfo, 'admin');
  // A place in the Nevada desert, hundreds of miles from the demo's cities, so no other home is
  // near it; and inside the country the demo spans, so the later specs' maps, framed around every
  // home, keep the demo's zoom and its homes their own markers.
  const centre = { lat: 40.2 + Math.random() * 0.6, lng: -117.8 + Math.random() * 1 };
  const near = (northMiles: number) => ({ lat: centre.lat + northMiles / 69.09, lng: centre.lng });
  const listing = await listApprovedHome(agent, admin, 'Estimate Home', 'House', centre);
  const purchaser = await registerBuyer(playwright, testInfo, 'Comparable Purchaser');

  const sales: Listing[] = [];
  for (const [i, north] of [0.1, 0.2, 0.3].entries()) {
    const home = await listApprovedHome(
      agent,
      admin,
      `Sold Neighbour ${i + 1}`,
      'House',
      near(north),
    );
    await offer(purchaser, home, PRICE.min + i * 10_000);
    await accept(agent, home, purchaser);
    await buy(purchaser, home);
    sales.push(home);
  }

  const buyer = await registerBuyer(playwright, testInfo, 'Estimate Reader');
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const phone = await waitingForHydration(await context.newPage());
  await signInAs(phone, buyer);
  await phone.goto(`/propertyDetails/${listing.id}`);

  const section = phone.getByRole('region', { name: M.estimateTitle });
  const show = section.getByRole('button', { name: M.show });
  await show.focus();
  await phone.keyboard.press('Enter');

  // Three sales of $250,000, $260,000 and $270,000 of the same size, sold today.
  await expect(section.getByText('$260,000', { exact: true }).first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(section.getByText(/^Likely between \$\d{3},000 and \$\d{3},000$/)).toBeVisible();
  await expect(section.getByText(/^(Low|Medium|High) confidence$/)).toBeVisible();
  await expect(section.getByText(M.basedOn(3))).toBeVisible();
  await section.getByText(M.howTitle).click();
  await expect(section.getByText(M.how[0] as string)).toBeVisible();

  const comparables = section.getByRole('region', { name: M.comparablesTitle });
  // Three are fewer than six: every sale of the widest search, and no home for sale near by.
  await expect(
    comparables.getByText(
      /^Sold homes of the same type within 25 miles, sold in the last 24 months, with 2–4 bedrooms/,
    ),
  ).toBeVisible();
  const cards = comparables.getByRole('listitem');
  await expect(cards).toHaveCount(3);
  for (const home of sales) {
    const card = cards.filter({ has: phone.getByRole('link', { name: home.title }) });
    await expect(card.getByText(/^Sold [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(card.getByText(/^\$\d+\/sq ft$/)).toBeVisible();
    await expect(card.getByText(/^0\.\d mi away · 3 bd · 2 ba · 1,450 sq ft$/)).toBeVisible();
  }
  // Never who bought them.
  await expect(section).not.toContainText(purchaser.name);

  const overflow = await phone.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'pixels of horizontal overflow').toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(phone);
  await context.close();
});
