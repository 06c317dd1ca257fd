import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListEmpty, ListResult } from './list-states';
import { ListTable } from './list-table';

type Items = { items: string[] };

/** The fields of a query result the list reads, as TanStack Query reports them. */
const queryOf = (state: Partial<UseQueryResult<Items>>) =>
  ({
    isPending: false,
    isError: false,
    isFetching: false,
    refetch: vi.fn(),
    ...state,
  }) as UseQueryResult<Items>;

const renderResult = (query: UseQueryResult<Items>) =>
  render(
    <ListResult
      query={query}
      loading={<p>Loading homes</p>}
      failure="We couldn't load your homes."
      empty={<ListEmpty>No homes yet.</ListEmpty>}
    >
      {(items) => <p>{items.join(', ')}</p>}
    </ListResult>,
  );

describe('the list kit', () => {
  it('shows what loads while the list loads', () => {
    renderResult(queryOf({ isPending: true }));
    expect(screen.getByText('Loading homes')).toBeInTheDocument();
  });

  it('says why a list failed, with a Retry that asks again', () => {
    const query = queryOf({ isError: true, error: new Error('500') });
    renderResult(query);
    expect(screen.getByText("We couldn't load your homes.")).toBeInTheDocument();
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(query.refetch).toHaveBeenCalled();
  });

  it('shows the empty state for a list without items, and the items otherwise', () => {
    const { unmount } = renderResult(queryOf({ data: { items: [] } }));
    expect(screen.getByRole('status')).toHaveTextContent('No homes yet.');
    unmount();
    renderResult(queryOf({ data: { items: ['Harbour Cottage', 'Elm House'] } }));
    expect(screen.getByText('Harbour Cottage, Elm House')).toBeInTheDocument();
  });

  it('names a table by its list heading, its columns by their headings, one hidden from sight', () => {
    render(
      <>
        <h2 id="users-heading">All users</h2>
        <ListTable
          labelledBy="users-heading"
          columns={[{ label: 'User' }, { label: 'Actions', unseen: true }]}
        >
          <tr>
            <td>Ana</td>
            <td>Delete</td>
          </tr>
        </ListTable>
      </>,
    );
    expect(screen.getByRole('table', { name: 'All users' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'User' })).toHaveAttribute('scope', 'col');
    expect(screen.getByRole('columnheader', { name: 'Actions' }).firstElementChild).toHaveClass(
      'sr-only',
    );
  });
});
