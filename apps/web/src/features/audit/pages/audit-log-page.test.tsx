import type { AuditEntry, User } from '@keyhaven/shared';
import { AUDIT_MESSAGES } from '@keyhaven/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { agent } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { AuditLogPage } from './audit-log-page';

const admin: User = { ...agent, _id: 'admin-1', uid: 'admin-1', role: 'admin', name: 'Ada Admin' };

const LOG = '/api/admin/audit-log';
const FIRST_PAGE = `GET ${LOG}?page=1&limit=50`;

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  _id: '00000000-0000-4000-8000-000000000001',
  actorId: 'admin-1',
  actorEmail: 'ada@keyhaven.test',
  action: 'user.role_changed',
  targetType: 'user',
  targetId: 'user-42',
  targetName: 'Bea Buyer',
  before: { role: 'user' },
  after: { role: 'agent' },
  details: {},
  createdAt: '2026-11-20T09:30:00.000Z',
  ...overrides,
});

/** The address as the app holds it, and Back and Forward, as the browser offers them. */
function Browser() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <div>
      <p data-testid="address">{`${location.pathname}${location.search}`}</p>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        Browser forward
      </button>
    </div>
  );
}

const renderPage = (path = '/dashboard/audit-log') =>
  renderInApp(
    <>
      <AuditLogPage />
      <Browser />
    </>,
    { signedInAs: admin, path, route: '/dashboard/audit-log' },
  );

const address = () => screen.getByTestId('address').textContent;

describe('the audit log page', () => {
  it('shows each entry with its time, actor, action, target and what changed, newest first', async () => {
    fakeApi({
      [FIRST_PAGE]: json({
        items: [
          entry({
            _id: '00000000-0000-4000-8000-000000000002',
            action: 'property.deleted',
            targetType: 'property',
            targetId: 'listing-7',
            // Deleted since: no name to read beside its id.
            targetName: null,
            before: {
              title:
                'A very long listing title that has to wrap on a phone screen without overflowing',
              approval: 'approved',
            },
            after: null,
            createdAt: '2026-11-21T18:05:00.000Z',
          }),
          entry({}),
        ],
        total: 2,
      }),
    });
    renderPage();

    const list = await screen.findByRole('list', { name: 'Entries, newest first' });
    const [deletion, roleChange] = within(list).getAllByRole('article');
    expect(screen.getByText('2 entries')).toBeInTheDocument();

    const role = within(roleChange as HTMLElement);
    expect(role.getByRole('heading', { name: 'Role changed' })).toBeInTheDocument();
    expect(role.getByText('Nov 20, 2026, 09:30 UTC')).toHaveAttribute(
      'datetime',
      '2026-11-20T09:30:00.000Z',
    );
    expect(role.getByText('ada@keyhaven.test')).toBeInTheDocument();
    // The person by name, beside the id the trail keeps.
    expect(role.getByText('user-42').parentElement).toHaveTextContent('User Bea Buyer user-42');
    expect(role.getByText('Bea Buyer')).toBeInTheDocument();
    const change = role.getByText('Role').nextElementSibling as HTMLElement;
    expect(change).toHaveTextContent('Before: user→After: agent');

    const removed = within(deletion as HTMLElement);
    expect(removed.getByRole('heading', { name: 'Listing deleted' })).toBeInTheDocument();
    expect(removed.getByText('listing-7').parentElement).toHaveTextContent('Listing listing-7');
    expect(removed.getByText('Approval').nextElementSibling).toHaveTextContent(
      'Before: approved→After: deleted',
    );
    expect(removed.getByText(/A very long listing title/)).toBeInTheDocument();
  });

  it('says so when no entry matches', async () => {
    fakeApi({ [FIRST_PAGE]: json({ items: [], total: 0 }) });
    renderPage();
    expect(await screen.findByText(AUDIT_MESSAGES.empty)).toHaveAttribute('role', 'status');
  });

  it('says so when the log cannot be loaded, and tries again on Retry', async () => {
    let calls = 0;
    fakeApi({
      [FIRST_PAGE]: () => {
        calls += 1;
        return calls <= 3
          ? refusal(500, 'Something went wrong', 'INTERNAL')
          : json({ items: [entry({})], total: 1 });
      },
    });
    const { user } = renderPage();
    expect(
      await screen.findByText("We couldn't load the audit log. Please try again.", undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Role changed' })).toBeInTheDocument();
  }, 15_000);

  it('opens a copied link with its filters in the form and asks the server for exactly those', async () => {
    const api = fakeApi({
      [`GET ${LOG}?actor=ada&action=user.deleted&targetType=user&targetId=user-9&from=2026-11-01&to=2026-11-30&page=2&limit=50`]:
        json({ items: [entry({ action: 'user.deleted', after: null })], total: 51 }),
    });
    renderPage(
      '/dashboard/audit-log?actor=ada&action=user.deleted&targetType=user&targetId=user-9&from=2026-11-01&to=2026-11-30&page=2',
    );
    expect(await screen.findByRole('heading', { name: 'User deleted' })).toBeInTheDocument();
    expect(screen.getByLabelText('Actor')).toHaveValue('ada');
    expect(screen.getByLabelText('Action')).toHaveValue('user.deleted');
    expect(screen.getByLabelText('Target type')).toHaveValue('user');
    expect(screen.getByLabelText('Target id')).toHaveValue('user-9');
    expect(screen.getByLabelText('From (UTC day)')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To (UTC day)')).toHaveValue('2026-11-30');
    expect(api.sent).toHaveLength(1);
  });

  it('keeps the filters in the address as they are applied, and Back and Forward restore them', async () => {
    const api = fakeApi({
      [FIRST_PAGE]: json({ items: [entry({})], total: 1 }),
      [`GET ${LOG}?action=payment.refunded&page=1&limit=50`]: json({
        items: [
          entry({
            action: 'payment.refunded',
            targetType: 'payment',
            before: { status: 'refund_due' },
            after: { status: 'refunded' },
          }),
        ],
        total: 1,
      }),
      [`GET ${LOG}?actor=ada%40keyhaven&action=payment.refunded&page=1&limit=50`]: json({
        items: [],
        total: 0,
      }),
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Role changed' });

    // A choice in a list applies at once.
    await user.selectOptions(screen.getByLabelText('Action'), 'Payment refunded');
    expect(await screen.findByRole('heading', { name: 'Payment refunded' })).toBeInTheDocument();
    expect(address()).toBe('/dashboard/audit-log?action=payment.refunded');

    // Text applies with Enter.
    await user.type(screen.getByLabelText('Actor'), ' ada@keyhaven {Enter}');
    expect(await screen.findByText(AUDIT_MESSAGES.empty)).toBeInTheDocument();
    expect(address()).toBe('/dashboard/audit-log?actor=ada%40keyhaven&action=payment.refunded');

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByRole('heading', { name: 'Payment refunded' })).toBeInTheDocument();
    expect(screen.getByLabelText('Actor')).toHaveValue('');
    expect(screen.getByLabelText('Action')).toHaveValue('payment.refunded');

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await screen.findByRole('heading', { name: 'Role changed' })).toBeInTheDocument();
    expect(screen.getByLabelText('Action')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Browser forward' }));
    await user.click(screen.getByRole('button', { name: 'Browser forward' }));
    await waitFor(() => expect(screen.getByLabelText('Actor')).toHaveValue('ada@keyhaven'));
    expect(screen.getByLabelText('Action')).toHaveValue('payment.refunded');
    expect(api.sent.every((request) => request.method === 'GET')).toBe(true);
  });

  it('pages through the entries without losing the filters, and Clear shows everything again', async () => {
    const items = Array.from({ length: 50 }, (_, index) =>
      entry({ _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}` }),
    );
    fakeApi({
      [`GET ${LOG}?targetType=user&page=1&limit=50`]: json({ items, total: 51 }),
      [`GET ${LOG}?targetType=user&page=2&limit=50`]: json({
        items: [entry({ _id: '00000000-0000-4000-8000-000000000099', action: 'user.deleted' })],
        total: 51,
      }),
      [FIRST_PAGE]: json({ items: [], total: 0 }),
    });
    const { user } = renderPage('/dashboard/audit-log?targetType=user');
    expect(await screen.findByText('51 entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next/i }));
    expect(await screen.findByRole('heading', { name: 'User deleted' })).toBeInTheDocument();
    expect(address()).toBe('/dashboard/audit-log?targetType=user&page=2');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText(AUDIT_MESSAGES.empty)).toBeInTheDocument();
    expect(address()).toBe('/dashboard/audit-log');
    expect(screen.getByLabelText('Target type')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('refuses a date range that ends before it starts, without asking the server', async () => {
    const api = fakeApi({ [FIRST_PAGE]: json({ items: [entry({})], total: 1 }) });
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'Role changed' });
    await user.type(screen.getByLabelText('From (UTC day)'), '2026-11-20');
    await user.type(screen.getByLabelText('To (UTC day)'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    const from = screen.getByLabelText('From (UTC day)');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(AUDIT_MESSAGES.badDateRange);
    expect(address()).toBe('/dashboard/audit-log');
    expect(api.sent).toHaveLength(1);
  });
});
