import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { comparedListings } from '@/lib/compare-list';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { buyer, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { CompareRoute } from './compare-page';

const cottage = listing;
const loft = {
  ...listing,
  _id: 'loft-1',
  title: 'Downtown Loft',
  minPrice: 400_000,
  maxPrice: 400_000,
  areaSize: 1000,
  features: ['Parking', 'Gym'],
} satisfies typeof listing;

const answers = {
  [`GET /api/properties/${cottage._id}`]: json(cottage),
  'GET /api/properties/loft-1': json(loft),
  'GET /api/properties/gone-1': refusal(404, 'Property not found', 'NOT_FOUND'),
};

function openCompare(ids: string) {
  fakeApi(answers);
  return renderInApp(<CompareRoute />, {
    signedInAs: buyer,
    path: `/compare?ids=${ids}`,
    route: '/compare',
  });
}

const rowOf = (label: string) => {
  const header = screen.getByRole('rowheader', { name: new RegExp(`^${label}`) });
  const row = header.closest('tr');
  if (!row) throw new Error(`no row for ${label}`);
  return row;
};

describe('the compare page', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('shows the homes side by side and marks in words the rows where they differ', async () => {
    openCompare(`${cottage._id},loft-1`);
    const table = await screen.findByRole('table', { name: 'Homes compared side by side' });
    await within(table).findByRole('link', { name: 'Downtown Loft' });
    expect(within(table).getByRole('link', { name: cottage.title })).toBeInTheDocument();

    expect(rowOf('Price range')).toHaveTextContent('$250,000 - $280,000');
    expect(rowOf('Price range')).toHaveTextContent('$400,000');
    expect(screen.getByRole('rowheader', { name: 'Price range Differs' })).toBeInTheDocument();
    expect(rowOf('Price per sq ft')).toHaveTextContent('$208 - $233 per sqft');
    expect(rowOf('Price per sq ft')).toHaveTextContent('$400 per sqft');
    // Both are houses: nothing to flag.
    expect(screen.getByRole('rowheader', { name: 'Type' })).toBeInTheDocument();
    // One row per feature either home has, each a yes or a no.
    expect(screen.getByRole('rowheader', { name: 'Parking' })).toBeInTheDocument();
    expect(rowOf('Garden')).toHaveTextContent(/Yes.*No/);
    expect(rowOf('Gym')).toHaveTextContent(/No.*Yes/);
    expect(screen.queryByRole('rowheader', { name: /^Swimming Pool/ })).toBeNull();
    expect(rowOf('Agent')).toHaveTextContent(cottage.agentName);
  });

  it('says a home that has gone away is no longer available, and compares the rest without it', async () => {
    window.localStorage.setItem(
      'keyhaven.compare',
      JSON.stringify([{ id: 'gone-1', title: 'Old Mill House', image: null }]),
    );
    const { user } = openCompare(`${cottage._id},gone-1,loft-1`);
    const gone = await screen.findByRole('list', { name: 'Homes no longer available' });
    expect(within(gone).getByRole('listitem')).toHaveTextContent(
      /^Old Mill House is no longer available\. The other homes are compared without it\./,
    );
    const table = await screen.findByRole('table', { name: 'Homes compared side by side' });
    await within(table).findByRole('link', { name: 'Downtown Loft' });
    // The heading column and one column a home still there.
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    expect(within(table).queryByText('Not available')).toBeNull();
    // Only what truly differs between the two is marked.
    expect(screen.getByRole('rowheader', { name: 'Price range Differs' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Type' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Bedrooms' })).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Remove Old Mill House from the comparison' }),
    );
    expect(screen.queryByRole('list', { name: 'Homes no longer available' })).toBeNull();
    expect(comparedListings()).toEqual([]);
  });

  it('says so of a home no longer available that was not among the picks', async () => {
    openCompare(`gone-1,${cottage._id}`);
    const gone = await screen.findByRole('list', { name: 'Homes no longer available' });
    expect(gone).toHaveTextContent(/^One of these homes is no longer available\./);
    expect(await screen.findByRole('link', { name: cottage.title })).toBeInTheDocument();
    // A single home has nothing to differ from.
    expect(screen.queryAllByRole('rowheader', { name: /Differs$/ })).toEqual([]);
  });

  it('takes a home off the page and off the picks', async () => {
    window.localStorage.setItem(
      'keyhaven.compare',
      JSON.stringify([{ id: 'loft-1', title: loft.title, image: null }]),
    );
    const { user } = openCompare(`${cottage._id},loft-1`);
    await screen.findByRole('link', { name: 'Downtown Loft' });
    await user.click(
      screen.getByRole('button', { name: 'Remove Downtown Loft from the comparison' }),
    );
    expect(screen.queryByRole('link', { name: 'Downtown Loft' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: new RegExp(cottage.title) })).toBeVisible();
    expect(comparedListings()).toEqual([]);

    await user.click(
      screen.getByRole('button', { name: `Remove ${cottage.title} from the comparison` }),
    );
    expect(screen.getByText('No homes to compare yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse All Properties' })).toBeInTheDocument();
  });
});
