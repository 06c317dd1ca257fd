import { DEMO_ACCOUNTS, expect, signIn, test } from './fixtures';
import { accept, apiAs, listApprovedHome, offer, registerBuyer, unique } from './market';
import { listingPhotoOf } from './photos';

/*
 * A listing's states as its agent sees them: approval and availability each named where both
 * show, and Edit Property when the server keeps the availability (a sold home offers only Sold,
 * and a refusal is said in the form, by the field it concerns, not only in a passing toast).
 */

type Listing = { _id: string; title: string; availability: string; soldDetails: unknown };

test.describe('editing a listing whose availability follows a sale', () => {
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('a sold listing offers only Sold', async ({ page }) => {
    await signIn(page, 'agent');
    const response = await page.request.get('/api/properties?agentUID=self&limit=100');
    expect(response.status()).toBe(200);
    const sold = ((await response.json()) as Listing[]).find((listing) => listing.soldDetails);
    if (!sold) throw new Error(`the seed sells none of ${DEMO_ACCOUNTS.agent.email}'s listings`);

    await page.goto(`/EditPropertyDetails/${sold._id}`);
    const availability = page.getByLabel('Availability');
    await expect(availability).toHaveValue('Sold');
    await expect(availability.getByRole('option')).toHaveText(['Sold']);
    await expect(availability).toHaveAccessibleDescription(
      'Sold: its availability follows the sale.',
    );
  });

  test("a refused save says the server's reason in the form", async ({
    page,
    playwright,
  }, testInfo) => {
    const agent = await apiAs(playwright, testInfo, 'agent');
    const admin = await apiAs(playwright, testInfo, 'admin');
    const buyer = await registerBuyer(playwright, testInfo);
    const listing = await listApprovedHome(agent, admin, 'Accepted Cottage');
    await offer(buyer, listing, 260_000);
    await accept(agent, listing, buyer);

    await signIn(page, 'agent');
    await page.goto(`/EditPropertyDetails/${listing.id}`);
    const availability = page.getByLabel('Availability');
    await expect(availability).toHaveValue('Pending');
    await availability.selectOption('Available');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    const reason = 'This property has an accepted offer: its availability follows the sale.';
    await expect(availability).toHaveAccessibleDescription(reason);
    const form = page.getByRole('form', { name: 'Edit property' });
    await expect(form.getByRole('alert').filter({ hasText: reason })).toHaveText(reason);
    await expect(page).toHaveURL(new RegExp(`/EditPropertyDetails/${listing.id}$`));
  });
});

test('My Properties says which Pending is the approval and which the availability', async ({
  page,
  playwright,
}, testInfo) => {
  const agent = await apiAs(playwright, testInfo, 'agent');
  const title = `Twice Pending House ${unique()}`;
  const fields = {
    title,
    description: 'A listing waiting for an admin, with an offer its agent marked as pending.',
    location: 'Rua das Flores 12, Porto',
    minPrice: 250_000,
    maxPrice: 280_000,
    bedrooms: 3,
    bathrooms: 2,
    areaSize: 1450,
    propertyType: 'House',
    features: [],
  };
  const created = await agent.post('/api/properties', {
    data: { ...fields, ...(await listingPhotoOf(agent)) },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { insertedId } = (await created.json()) as { insertedId: string };
  // Without photos the edit keeps them.
  const edited = await agent.patch(`/api/properties/${insertedId}`, {
    data: { ...fields, availability: 'Pending' },
  });
  expect(edited.status(), await edited.text()).toBe(200);

  await signIn(page, 'agent');
  await page.goto(`/dashboard/my-properties?search=${encodeURIComponent(title)}`);
  const card = page.getByRole('article').filter({ hasText: title });
  // Each badge says what it is about in words everyone reads, not only screen readers.
  for (const label of ['Approval:', 'Availability:']) {
    const word = card.getByText(label, { exact: true });
    await expect(word).toBeVisible();
    expect((await word.boundingBox())?.width, label).toBeGreaterThan(20);
  }
  await expect(card).toContainText('Approval: Pending');
  await expect(card).toContainText('Availability: Pending');
});
