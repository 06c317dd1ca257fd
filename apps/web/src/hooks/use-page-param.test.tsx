import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePageParam } from './use-page-param';

let goTo: (page: number) => void = () => {};

function List() {
  const { page, goToPage } = usePageParam();
  goTo = goToPage;
  return <p>page {page}</p>;
}

function listAt(address: string) {
  const router = createMemoryRouter([{ path: '/reviews', element: <List /> }], {
    initialEntries: [address],
  });
  const view = render(<RouterProvider router={router} />);
  return { router, view };
}

describe('the list page in the address', () => {
  it('reads page 1 from an address without one, or with one that is not a page', () => {
    expect(listAt('/reviews').view.container.textContent).toBe('page 1');
    expect(listAt('/reviews?page=-3').view.container.textContent).toBe('page 1');
  });

  it('moves to another page and keeps what else the address holds', async () => {
    const { router, view } = listAt('/reviews?rating=5&q=garden');
    await act(async () => goTo(3));
    expect(view.container.textContent).toBe('page 3');
    expect(router.state.location.search).toBe('?rating=5&q=garden&page=3');

    await act(async () => goTo(1));
    expect(router.state.location.search).toBe('?rating=5&q=garden');
    // Back returns to the page before.
    await act(async () => router.navigate(-1));
    expect(view.container.textContent).toBe('page 3');
  });
});
