import { ENGAGEMENT_LIMITS } from '@keyhaven/shared/constants';
import { ACCOUNT_RECOVERY_MESSAGES, SAVED_SEARCH_MESSAGES } from '@keyhaven/shared/texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { buyer } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { SaveSearchButton } from './save-search-button';

const CATALOGUE =
  '/all-properties?location=Austin&types=House,Villa&minBeds=3&page=2&sort=price-asc&view=map';

const savedAnswer = (body: { name: string; filters: Record<string, string>; alert: string }) =>
  json({ _id: 'search-1', newMatches: 0, createdAt: '2026-11-24T10:00:00.000Z', ...body }, 201);

describe('Save this search', () => {
  it('asks a visitor who is not signed in to log in first', async () => {
    fakeApi({ 'GET /auth/session': json({ user: null }) });
    const { user } = renderInApp(<SaveSearchButton />, {
      path: CATALOGUE,
      route: '/all-properties',
    });
    const link = await screen.findByRole('link', { name: SAVED_SEARCH_MESSAGES.signInToSave });
    await user.click(link);
    expect(screen.getByText('Now at /login')).toBeInTheDocument();
  });

  it('saves the address’s filters under the offered name with the chosen e-mails', async () => {
    const api = fakeApi({
      'POST /api/saved-searches': (request) =>
        savedAnswer(request.body as Parameters<typeof savedAnswer>[0]),
    });
    const { user } = renderInApp(<SaveSearchButton />, {
      signedInAs: buyer,
      path: CATALOGUE,
      route: '/all-properties',
    });

    await user.click(screen.getByRole('button', { name: SAVED_SEARCH_MESSAGES.save }));
    const dialog = await screen.findByRole('dialog', { name: SAVED_SEARCH_MESSAGES.saveTitle });
    const name = within(dialog).getByRole('textbox', { name: SAVED_SEARCH_MESSAGES.nameLabel });
    expect(name).toHaveValue('Austin · House, Villa · 3+ beds');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: SAVED_SEARCH_MESSAGES.alertLabel }),
      'Once a day',
    );
    await user.click(within(dialog).getByRole('button', { name: SAVED_SEARCH_MESSAGES.save }));

    expect(await screen.findByText(SAVED_SEARCH_MESSAGES.saved)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/saved-searches').map((r) => r.body)).toEqual([
      {
        name: 'Austin · House, Villa · 3+ beds',
        filters: { location: 'Austin', types: 'House,Villa', minBeds: '3' },
        alert: 'daily',
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open with the server’s reason when the search cannot be saved', async () => {
    fakeApi({
      'POST /api/saved-searches': refusal(409, SAVED_SEARCH_MESSAGES.tooMany, 'CONFLICT'),
    });
    const { user } = renderInApp(<SaveSearchButton />, {
      signedInAs: buyer,
      path: '/?location=Austin',
      route: '/',
    });

    await user.click(screen.getByRole('button', { name: SAVED_SEARCH_MESSAGES.save }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: SAVED_SEARCH_MESSAGES.save }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      SAVED_SEARCH_MESSAGES.tooMany,
    );
  });

  it('starts with alerts off for an unconfirmed address, and shows why turning them on is refused', async () => {
    const api = fakeApi({
      'POST /api/saved-searches': refusal(
        403,
        ACCOUNT_RECOVERY_MESSAGES.verifyBeforeAlerts,
        'EMAIL_NOT_VERIFIED',
      ),
    });
    const { user } = renderInApp(<SaveSearchButton />, {
      signedInAs: { ...buyer, emailVerified: false },
      path: '/?location=Austin',
      route: '/',
    });

    await user.click(screen.getByRole('button', { name: SAVED_SEARCH_MESSAGES.save }));
    const dialog = await screen.findByRole('dialog');
    const alerts = within(dialog).getByRole('combobox', { name: SAVED_SEARCH_MESSAGES.alertLabel });
    expect(alerts).toHaveValue('off');
    await user.selectOptions(alerts, 'Right away');
    await user.click(within(dialog).getByRole('button', { name: SAVED_SEARCH_MESSAGES.save }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      ACCOUNT_RECOVERY_MESSAGES.verifyBeforeAlerts,
    );
    expect(api.requestsTo('POST /api/saved-searches').map((r) => r.body)).toEqual([
      { name: 'Austin', filters: { location: 'Austin' }, alert: 'instant' },
    ]);
  });

  it('asks for a name before sending, and closes on Cancel without saving', async () => {
    const api = fakeApi({});
    const { user } = renderInApp(<SaveSearchButton />, {
      signedInAs: buyer,
      path: '/all-properties',
    });

    await user.click(screen.getByRole('button', { name: SAVED_SEARCH_MESSAGES.save }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: SAVED_SEARCH_MESSAGES.nameLabel });
    expect(name).toHaveValue('Any home, anywhere');
    expect(name).toHaveAttribute('maxlength', String(ENGAGEMENT_LIMITS.savedSearchNameMaxLength));
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: SAVED_SEARCH_MESSAGES.save }));
    expect(within(dialog).getByText(SAVED_SEARCH_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent).toEqual([]);
  });
});
