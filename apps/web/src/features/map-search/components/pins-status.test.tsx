import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type PinsState, PinsStatus } from './pins-status';

const ready: PinsState = {
  shown: 1000,
  total: 1000,
  loading: false,
  failed: false,
  retrying: false,
  onRetry: () => {},
};

describe('the note on the map about its homes', () => {
  it('says how many of the homes in view the map shows when there are more than it holds', () => {
    render(<PinsStatus {...ready} total={12_345} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Showing 1,000 of 12,345 homes — zoom in or draw an area to see them all',
    );
  });

  it('says nothing when every home of the search is on the map', () => {
    const { container } = render(<PinsStatus {...ready} shown={37} total={37} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says the homes are loading, then offers Retry when they could not be loaded', async () => {
    const { rerender } = render(<PinsStatus {...ready} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading homes on the map…');

    const onRetry = vi.fn();
    rerender(<PinsStatus {...ready} shown={0} total={0} failed onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The homes could not be shown on the map.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();

    rerender(<PinsStatus {...ready} failed retrying />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDisabled();
  });
});
