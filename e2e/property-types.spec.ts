import type { Page } from '@playwright/test';
import { PROPERTY_TYPES } from '../packages/shared/src/constants';
import { type DEMO_ACCOUNTS, expect, signIn, signOutOf, test } from './fixtures';
import { apiAs, type Listing, listApprovedHome } from './market';

/*
 * Every type filter (Home's search, All Properties, My Properties, Manage Properties) offers every
 * type a listing can have, the add form's and the edit form's alike, so no listing is unfindable.
 */

const FILTERS = [
  { account: 'buyer', path: '/', form: 'Property search', any: 'Property Type' },
  { account: 'buyer', path: '/all-properties', form: 'Property search', any: 'Property Type' },
  {
    account: 'agent',
    path: '/dashboard/my-properties',
    form: 'Filter properties',
    any: 'All types',
  },
  {
    account: 'admin',
    path: '/dashboard/manage-properties',
    form: 'Filter properties',
    any: 'All types',
  },
] as const;

async function actAs(page: Page, account: keyof typeof DEMO_ACCOUNTS) {
  await signOutOf(page);
  await signIn(page, account);
}

const typeSelect = (page: Page, form: string) =>
  page.getByRole('search', { name: form }).getByLabel('Property type');

test.describe('the type filters', () => {
  // Types only the edit form offered, and the add form's Other.
  const listed: Record<'Residential' | 'Other', Listing | undefined> = {
    Residential: undefined,
    Other: undefined,
  };

  test.beforeAll(async ({ playwright }, testInfo) => {
    const agent = await apiAs(playwright, testInfo, 'agent');
    const admin = await apiAs(playwright, testInfo, 'admin');
    for (const type of ['Residential', 'Other'] as const) {
      listed[type] = await listApprovedHome(agent, admin, `Type Filter ${type} Home`, type);
    }
    await agent.dispose();
    await admin.dispose();
  });

  for (const filter of FILTERS) {
    test(`on ${filter.path} offer every property type and find a listing of each`, async ({
      page,
    }) => {
      await actAs(page, filter.account);
      await page.goto(filter.path);
      const select = typeSelect(page, filter.form);
      await expect(select.locator('option')).toHaveText([filter.any, ...PROPERTY_TYPES]);

      for (const type of ['Residential', 'Other'] as const) {
        const listing = listed[type];
        if (!listing) throw new Error(`no ${type} listing`);
        await select.selectOption(type);
        if (filter.form === 'Property search') {
          await page
            .getByRole('search', { name: filter.form })
            .getByRole('button', { name: 'Search' })
            .click();
        }
        await expect(page).toHaveURL(new RegExp(`propertyType=${type}`));
        await expect(
          page.getByRole('main').getByRole('article').filter({ hasText: listing.title }),
        ).toBeVisible();
      }
    });
  }
});
