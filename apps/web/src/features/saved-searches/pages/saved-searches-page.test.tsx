import type { SavedSearch } from '@keyhaven/shared';
import { SAVED_SEARCH_MESSAGES } from '@keyhaven/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { buyer } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { SavedSearchesPage } from './saved-searches-page';

const LIST = 'GET /api/saved-searches';

const search = (changes: Partial<SavedSearch> = {}): SavedSearch => ({
  _id: 'search-1',
  name: 'Austin houses',
  filters: { location: 'Austin', types: 'House', minPrice: '200000' },
  alert: 'instant',
  newMatches: 2,
  createdAt: '2026-11-24T10:00:00.000Z',
  ...changes,
});

const renderPage = () =>
  renderInApp(<SavedSearchesPage />, { signedInAs: buyer, path: '/dashboard/saved-searches' });

const card = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

describe('the Saved Searches page', () => {
  it('lists each search with its filters and new matches, and opens it as seen', async () => {
    const api = fakeApi({
      [LIST]: json([
        search(),
        search({ _id: 'search-2', name: 'Anywhere', filters: {}, newMatches: 0 }),
      ]),
      'POST /api/saved-searches/search-1/viewed': json(search({ newMatches: 0 })),
    });
    const { user } = renderPage();

    const austin = await card('Austin houses');
    expect(within(austin).getByText('Austin · House · from $200,000')).toBeInTheDocument();
    expect(within(austin).getByText('2 new matches')).toBeInTheDocument();
    const anywhere = await card('Anywhere');
    expect(within(anywhere).getByText('Any home, anywhere')).toBeInTheDocument();
    expect(within(anywhere).queryByText(/\d+ new match/)).toBeNull();

    await user.click(within(austin).getByRole('button', { name: SAVED_SEARCH_MESSAGES.open }));
    expect(await screen.findByText('Now at /all-properties')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requestsTo('POST /api/saved-searches/search-1/viewed')).toHaveLength(1),
    );
  });

  it('renames a search, changes its e-mails and deletes it after asking', async () => {
    let stored = [search()];
    const api = fakeApi({
      [LIST]: () => json(stored),
      'PATCH /api/saved-searches/search-1': (request) => {
        stored = [{ ...search(), ...(stored[0] as SavedSearch), ...(request.body as object) }];
        return json(stored[0]);
      },
      'DELETE /api/saved-searches/search-1': () => {
        stored = [];
        return json({ message: SAVED_SEARCH_MESSAGES.deleted });
      },
    });
    const { user } = renderPage();

    let item = await card('Austin houses');
    await user.click(within(item).getByRole('button', { name: SAVED_SEARCH_MESSAGES.rename }));
    const name = within(item).getByRole('textbox', { name: SAVED_SEARCH_MESSAGES.nameLabel });
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, 'Family homes{Enter}');
    item = await card('Family homes');

    await user.selectOptions(
      within(item).getByRole('combobox', { name: SAVED_SEARCH_MESSAGES.alertLabel }),
      'Off',
    );
    await waitFor(() =>
      expect(
        within(item).getByRole('combobox', { name: SAVED_SEARCH_MESSAGES.alertLabel }),
      ).toHaveValue('off'),
    );
    expect(api.requestsTo('PATCH /api/saved-searches/search-1').map((r) => r.body)).toEqual([
      { name: 'Family homes' },
      { alert: 'off' },
    ]);

    await user.click(within(item).getByRole('button', { name: SAVED_SEARCH_MESSAGES.delete }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this saved search?' });
    await user.click(within(confirm).getByRole('button', { name: SAVED_SEARCH_MESSAGES.delete }));
    expect(await screen.findByText(SAVED_SEARCH_MESSAGES.deleted)).toBeInTheDocument();
    expect(await screen.findByText(SAVED_SEARCH_MESSAGES.empty)).toBeInTheDocument();
  });

  it('says when there is nothing saved yet, with the way to search', async () => {
    fakeApi({ [LIST]: json([]) });
    renderPage();

    expect(await screen.findByText(SAVED_SEARCH_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search homes' })).toHaveAttribute(
      'href',
      '/all-properties',
    );
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    let fails = true;
    fakeApi({
      [LIST]: () => (fails ? refusal(404, 'Not here', 'NOT_FOUND') : json([search()])),
    });
    const { user } = renderPage();

    expect(screen.getByRole('status', { name: 'Loading your saved searches' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    fails = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await card('Austin houses')).toBeInTheDocument();
  });
});
