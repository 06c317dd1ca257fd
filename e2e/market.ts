import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { DEMO_ACCOUNTS, expect } from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { listingPhotoOf } from './photos';

/*
 * Market set-up through the API for the end-to-end specs: fresh buyers (offers are limited per
 * account, so specs that offer register their own, and confirm their address from the mail),
 * listings the demo agent lists and the demo admin approves, offers and their answers.
 */

type Playwright = { request: { newContext: (options: object) => Promise<APIRequestContext> } };

export type Listing = { id: string; title: string };
export type Buyer = { api: APIRequestContext; name: string; email: string; password: string };

let made = 0;
/** A short suffix unique to this run and call, so specs never share accounts or titles. */
export const unique = () => {
  made += 1;
  return `${Date.now().toString(36)}${made}`;
};

/** A calendar day `days` from now, as the date input and the API take it. */
export const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An API client signed in as a demo account, apart from any page's own session. */
export async function apiAs(
  playwright: Playwright,
  testInfo: TestInfo,
  account: keyof typeof DEMO_ACCOUNTS,
) {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { email, password } = DEMO_ACCOUNTS[account];
  const response = await api.post('/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return api;
}

/** Registers a new buyer through the API; `api` carries their session. */
export async function registerBuyer(
  playwright: Playwright,
  testInfo: TestInfo,
  label = 'Buyer',
): Promise<Buyer> {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const id = unique();
  const buyer = {
    name: `${label} ${id}`,
    email: `${label.toLowerCase().replace(/\W+/g, '-')}-${id}@example.test`,
    password: 'Secret123',
  };
  const response = await api.post('/auth/register', {
    data: {
      ...buyer,
      phone: '+1 555 010 4040',
      country: 'Portugal',
      birth: '1988-03-09',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  await confirmAddress(api, buyer.email);
  return { api, ...buyer };
}

/**
 * Confirms a new account's address with the link from its confirmation mail, as the page that
 * link opens does: offers and payments wait for a confirmed address.
 */
export async function confirmAddress(api: APIRequestContext, email: string) {
  const mail = await waitForMail(email, /^Confirm your e-mail address/);
  const token = new URL(linkIn(mail, 'Confirm my address')).searchParams.get('token');
  const confirmed = await api.post('/auth/verify-email', { data: { token } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** Signs `page`'s browser in as `buyer`. */
export async function signInAs(page: Page, buyer: Buyer) {
  const response = await page.request.post('/auth/login', {
    data: { email: buyer.email, password: buyer.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export const PRICE = { min: 250_000, max: 280_000 } as const;

/**
 * The demo agent lists a home between $250,000 and $280,000 (on the map where `pin` says, else
 * without a map position) and the demo admin approves it.
 */
export async function listApprovedHome(
  agent: APIRequestContext,
  admin: APIRequestContext,
  label: string,
  propertyType = 'House',
  pin?: { lat: number; lng: number },
): Promise<Listing> {
  const title = `${label} ${unique()}`;
  const created = await agent.post('/api/properties', {
    data: {
      title,
      description: 'A bright family home listed by an end-to-end test of the dashboard.',
      location: 'Rua das Flores 12, Porto',
      minPrice: PRICE.min,
      maxPrice: PRICE.max,
      bedrooms: 3,
      bathrooms: 2,
      areaSize: 1450,
      propertyType,
      features: ['Garden', 'Parking'],
      ...pin,
      ...(await listingPhotoOf(agent)),
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { insertedId } = (await created.json()) as { insertedId: string };
  const approved = await admin.patch(`/api/properties/admin-approval/${insertedId}/true`);
  expect(approved.status(), await approved.text()).toBe(200);
  return { id: insertedId, title };
}

export async function offer(buyer: Buyer, listing: Listing, offerAmount: number) {
  const response = await buyer.api.patch(`/make-offer/${listing.id}`, {
    data: { offerAmount, selectedDate: inDays(30) },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function accept(agent: APIRequestContext, listing: Listing, buyer: Buyer) {
  const response = await agent.patch(
    `/api/properties/accept-request/${listing.id}?email=${encodeURIComponent(buyer.email)}`,
  );
  expect(response.status(), await response.text()).toBe(200);
}
