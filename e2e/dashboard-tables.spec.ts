import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, signOutOf, test } from './fixtures';
import {
  accept,
  apiAs,
  type Buyer,
  type Listing,
  listApprovedHome,
  offer,
  registerBuyer,
} from './market';

/*
 * Every dashboard list of offers, sales, listings, users and reviews, on a phone, a tablet and a
 * laptop: each of its buttons and links must be on screen in full, never pushed past the edge
 * of the viewport nor cut off by a container that scrolls or hides what overflows it.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
] as const;

const PAGES = [
  { account: 'agent', path: '/dashboard/requests', heading: 'Requested Properties' },
  { account: 'agent', path: '/dashboard/sold-properties', heading: 'Sold Properties' },
  { account: 'agent', path: '/dashboard/my-properties', heading: 'My Properties' },
  { account: 'admin', path: '/dashboard/manage-properties', heading: 'Manage Properties' },
  { account: 'admin', path: '/dashboard/manage-users', heading: 'Manage Users' },
  { account: 'admin', path: '/dashboard/manage-reviews', heading: 'Manage User Reviews' },
] as const;

type Problem = { control: string; why: string };

/**
 * The buttons and links in the page's main region that are not fully visible across: outside the
 * viewport, or outside an ancestor that clips what overflows it (overflow hidden, auto, scroll or
 * clip). Controls that are not displayed at all (the other layout of a list) are skipped.
 */
async function clippedControls(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: { control: string; why: string }[] = [];
    const main = document.querySelector('main');
    if (!main) return [{ control: 'main', why: 'no main region' }];
    const EDGE = 0.5;
    for (const control of Array.from(main.querySelectorAll<HTMLElement>('button, a[href]'))) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = `${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 60)}"`;
      if (box.left < -EDGE || box.right > window.innerWidth + EDGE) {
        problems.push({
          control: name,
          why: `spans ${Math.round(box.left)}-${Math.round(box.right)} px of a ${window.innerWidth} px viewport`,
        });
        continue;
      }
      for (
        let node = control.parentElement;
        node && node !== document.body;
        node = node.parentElement
      ) {
        const style = getComputedStyle(node);
        const clipsX = style.overflowX !== 'visible';
        const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
        if (!clipsX && !clipsY) continue;
        const frame = node.getBoundingClientRect();
        const left = frame.left + node.clientLeft;
        const right = left + node.clientWidth;
        const top = frame.top + node.clientTop;
        const bottom = top + node.clientHeight;
        if (clipsX && (box.left < left - EDGE || box.right > right + EDGE)) {
          problems.push({
            control: name,
            why: `cut off across by ${node.tagName.toLowerCase()}.${Array.from(node.classList).join('.')} (overflow-x ${style.overflowX}, shows ${Math.round(left)}-${Math.round(right)} px, control at ${Math.round(box.left)}-${Math.round(box.right)} px)`,
          });
          break;
        }
        if (clipsY && (box.top < top - EDGE || box.bottom > bottom + EDGE)) {
          problems.push({
            control: name,
            why: `cut off by ${node.tagName.toLowerCase()} (overflow-y ${style.overflowY})`,
          });
          break;
        }
      }
    }
    return problems;
  });
}

test.describe('dashboard lists on a phone, a tablet and a laptop', () => {
  let agentApi: APIRequestContext;
  let adminApi: APIRequestContext;
  let buyer: Buyer;
  let pending: Listing;
  let accepted: Listing;

  test.beforeAll(async ({ playwright }, testInfo) => {
    agentApi = await apiAs(playwright, testInfo, 'agent');
    adminApi = await apiAs(playwright, testInfo, 'admin');
    buyer = await registerBuyer(playwright, testInfo, 'Table Buyer With A Long Name');
    // A pending and an accepted offer, so the agent's lists show every action they have.
    pending = await listApprovedHome(agentApi, adminApi, 'Wide Table Pending Farmhouse');
    accepted = await listApprovedHome(agentApi, adminApi, 'Wide Table Accepted Townhouse');
    await offer(buyer, pending, 260_000);
    await offer(buyer, accepted, 270_000);
    await accept(agentApi, accepted, buyer);
  });

  test.afterAll(async () => {
    await buyer.api.dispose();
    await agentApi.dispose();
    await adminApi.dispose();
  });

  test('keep every action on screen and uncut', async ({ page }) => {
    test.slow();
    const found: string[] = [];
    for (const account of ['agent', 'admin'] as const) {
      await signOutOf(page);
      await signIn(page, account);
      for (const { path, heading } of PAGES.filter((entry) => entry.account === account)) {
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
          // The list itself, not its loading state.
          await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
          if (path === '/dashboard/requests') {
            await expect(page.getByText(pending.title).first()).toBeVisible();
            await expect(page.getByText(accepted.title).first()).toBeVisible();
          } else if (path === '/dashboard/sold-properties') {
            await expect(page.getByText(accepted.title).first()).toBeVisible();
          } else {
            await expect(
              page.getByRole('button', { name: /^(Delete|Approve|Reject)/ }).first(),
            ).toBeVisible();
          }
          for (const problem of await clippedControls(page)) {
            found.push(`${path} at ${viewport.width} px: ${problem.control} ${problem.why}`);
          }
        }
      }
    }
    expect(found, 'controls off screen or cut off').toEqual([]);
  });

  test('an offer shows Accept, Reject, Email and View for the agent', async ({ page }) => {
    await signIn(page, 'agent');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard/requests');
      const offerOf = page
        .getByRole('main')
        .locator('tr, article')
        .filter({ hasText: pending.title })
        .filter({ has: page.getByRole('button', { name: /^Accept/ }) });
      await expect(offerOf).toHaveCount(1);
      const who = `${buyer.name}'s offer on ${pending.title}`;
      await expect(offerOf.getByRole('button', { name: `Accept ${who}` })).toBeVisible();
      await expect(offerOf.getByRole('button', { name: `Reject ${who}` })).toBeVisible();
      const email = offerOf.getByRole('link', {
        name: `Email ${buyer.name} about ${pending.title}`,
      });
      await expect(email).toBeVisible();
      await expect(email).toHaveAttribute(
        'href',
        new RegExp(`^mailto:${buyer.email.replace(/[.+]/g, '\\$&')}\\?subject=`),
      );
      await expect(
        offerOf.getByRole('link', { name: new RegExp(`^View\\s*:\\s*${pending.title}$`) }),
      ).toBeVisible();
    }
  });
});
