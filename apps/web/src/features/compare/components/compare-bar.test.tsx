import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addToCompare } from '@/lib/compare-list';
import { renderInApp } from '@/test/render';
import { CompareBar } from './compare-bar';
import { LazyCompareBar } from './lazy-compare-bar';

describe('the compare bar', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('is not there until a home is picked', () => {
    renderInApp(<LazyCompareBar />);
    expect(screen.queryByRole('region', { name: 'Homes to compare' })).toBeNull();
  });

  it('lists the picks with a way to take each off, and links to their comparison', async () => {
    addToCompare({ id: 'home-1', title: 'Lakeside Cottage', image: null });
    addToCompare({ id: 'home-2', title: 'City Loft', image: '/uploads/loft-1600.webp' });
    const { user } = renderInApp(<LazyCompareBar />, { path: '/all-properties' });

    const bar = await screen.findByRole('region', { name: 'Homes to compare' });
    expect(bar).toHaveTextContent('2 of 4 homes to compare');
    expect(within(bar).getAllByRole('listitem')).toHaveLength(2);
    expect(within(bar).getByRole('link', { name: 'Compare (2)' })).toHaveAttribute(
      'href',
      '/compare?ids=home-1,home-2',
    );

    await user.click(within(bar).getByRole('button', { name: 'Remove City Loft from compare' }));
    expect(within(bar).getAllByRole('listitem')).toHaveLength(1);
    expect(within(bar).getByRole('link', { name: 'Compare (1)' })).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Homes to compare' })).toBeNull();
  });

  it('stays off the compare page itself', () => {
    addToCompare({ id: 'home-1', title: 'Lakeside Cottage', image: null });
    renderInApp(<CompareBar />, { path: '/compare' });
    expect(screen.queryByRole('region', { name: 'Homes to compare' })).toBeNull();
    expect(screen.queryByText('Lakeside Cottage')).toBeNull();
  });
});
