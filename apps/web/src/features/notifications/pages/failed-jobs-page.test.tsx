import type { User } from '@keyhaven/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
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
      'Run again',
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

  it('runs a dead letter again: it leaves the list and the admin is told', async () => {
    const job = {
      _id: '00000000-0000-4000-8000-000000000002',
      queue: 'mail',
      key: 'search_match:7:user-2',
      error: 'connect ECONNREFUSED',
      attempts: 6,
      failedAt: '2026-11-21T10:00:00.000Z',
    };
    let listed = [job];
    const api = fakeApi({
      'GET /api/admin/failed-jobs?page=1&limit=20': () =>
        json({ items: listed, total: listed.length }),
      [`POST /api/admin/failed-jobs/${job._id}/run-again`]: () => {
        listed = [];
        return json({ message: 'The job will run again shortly.' });
      },
    });
    const { user } = renderPage();

    await user.click(
      await screen.findByRole('button', { name: 'Run again: mail search_match:7:user-2' }),
    );

    expect(await screen.findByText('The job will run again shortly.')).toBeInTheDocument();
    expect(
      await screen.findByText('No job has failed. Every e-mail and alert went out.'),
    ).toBeInTheDocument();
    expect(api.requestsTo(`POST /api/admin/failed-jobs/${job._id}/run-again`)).toHaveLength(1);
  });

  it("shows the server's reason when the job cannot be run again", async () => {
    const job = {
      _id: '00000000-0000-4000-8000-000000000003',
      queue: 'notify',
      key: null,
      error: 'refused',
      attempts: 6,
      failedAt: '2026-11-21T10:00:00.000Z',
    };
    fakeApi({
      'GET /api/admin/failed-jobs?page=1&limit=20': json({ items: [job], total: 1 }),
      [`POST /api/admin/failed-jobs/${job._id}/run-again`]: refusal(
        409,
        'This job is already queued or done.',
        'CONFLICT',
      ),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Run again: notify' }));

    expect(await screen.findByText('This job is already queued or done.')).toBeInTheDocument();
  });
});
