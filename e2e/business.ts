import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { type DEMO_ACCOUNTS, expect, signIn, signOutOf } from './fixtures';
import { type Buyer, confirmAddress, signInAs, unique } from './market';

/*
 * People for the specs of the business pages (listing analytics, the marketplace dashboard,
 * reported listings): agents registered afresh, so an agent's figures and listings are only what
 * the spec made, and one page that each person in turn signs in on.
 */

type Playwright = { request: { newContext: (options: object) => Promise<APIRequestContext> } };

/** A registered person: their own API session, and what signs them in on a page. */
export type Person = Buyer & { id: string };

/**
 * A new agent: registered (address confirmed from the mail), then made an agent by the demo
 * admin. `api` carries their session.
 */
export async function registerAgent(
  playwright: Playwright,
  testInfo: TestInfo,
  admin: APIRequestContext,
  label = 'Agent',
): Promise<Person> {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const id = unique();
  const agent = {
    name: `${label} ${id}`,
    email: `${label.toLowerCase().replace(/\W+/g, '-')}-${id}@example.test`,
    password: 'Agent1234',
  };
  const registered = await api.post('/auth/register', {
    data: { ...agent, phone: '+1 555 010 7070', country: 'Portugal', birth: '1984-06-21' },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { user } = (await registered.json()) as { user: { _id: string } };
  await confirmAddress(api, agent.email);
  const promoted = await admin.patch(`/api/user-role-update/${user._id}/agent`);
  expect(promoted.status(), await promoted.text()).toBe(200);
  // Signed in again, so the session carries the new role.
  const signedIn = await api.post('/auth/login', {
    data: { email: agent.email, password: agent.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return { api, id: user._id, ...agent };
}

/**
 * Hands `page` to someone else: the last person's session ends in this browser and `who` (a
 * registered person or a demo account) signs in. The next `goto` opens the page as them.
 */
export async function actAs(page: Page, who: Buyer | keyof typeof DEMO_ACCOUNTS) {
  await signOutOf(page);
  if (typeof who === 'string') await signIn(page, who);
  else await signInAs(page, who);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A control's accessible name: the visible label, then a screen-reader-only `: {title}`. */
export const named = (label: string, title: string) =>
  new RegExp(`^${escapeRegExp(label)}\\s*:\\s*${escapeRegExp(title)}$`);

/** Opens a dashboard page the way people do: from the dashboard's menu. */
export async function openFromDashboardMenu(page: Page, label: string) {
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: label })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
}
