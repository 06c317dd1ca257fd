import type { User } from '@keyhaven/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { agent } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { FailedJobsPage } from './failed-jobs-page';

const admin: User = { ...agent, _id: 'admin-1', uid: 'admin-1', role: 'admin', name: 'Ada Admin' };

const renderPage = () =>
  renderInApp(<FailedJobsPage />, { signedInAs: admin, path: '/dashboard/failed-jobs' });

describe('the failed jobs page', () => {
  it('lists each dead letter with its queue, key, error, attempts and time', async () => {
    fakeApi({
      'GET /api/admin/failed-jobs?page=1&limit=20': json({
        items: [
          {
            _id: '00000000-0000-4000-8000-000000000001',
            queue: 'mail',
            key: 'offer_accepted:42:user-1',
            error: 'SMTP 550 mailbox unavailable',
            attempts: 5,
            failedAt: '2026-11-20T09:30:00.000Z',
          },
        ],
        total: 1,
      }),
    });
    renderPage();

    const table = await screen.findByRole('table', { name: 'Jobs that failed for good' });
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'mail',
      'offer_accepted:42:user-1',
      'SMTP 550 mailbox unavailable',
      '5',
      expect.stringContaining('November 20, 2026'),
    ]);
    expect(screen.getByText('1 failed job')).toBeInTheDocument();
  });

  it('says when no job has failed', async () => {
    fakeApi({ 'GET /api/admin/failed-jobs?page=1&limit=20': json({ items: [], total: 0 }) });
    renderPage();
    expect(
      await screen.findByText('No job has failed. Every e-mail and alert went out.'),
    ).toHaveAttribute('role', 'status');
  });
});
