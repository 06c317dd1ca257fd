import { SHARE_MESSAGES as S } from '@keyhaven/shared/texts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { ShareListingButton } from './share-listing-button';

const link = `${window.location.origin}/propertyDetails/${listing._id}`;

function withNavigator(parts: { share?: unknown; clipboard?: unknown }) {
  for (const [name, value] of Object.entries(parts)) {
    Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
  }
}

afterEach(() => {
  withNavigator({ share: undefined, clipboard: undefined });
});

describe('ShareListingButton', () => {
  it('copies the link where there is no share sheet, and says so politely', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    // After the render: user-event puts a clipboard of its own in place as it sets up.
    const view = renderInApp(<ShareListingButton property={listing} />);
    withNavigator({ share: undefined, clipboard: { writeText } });
    const button = screen.getByRole('button', { name: S.buttonLabel(listing.title) });
    button.focus();
    await view.user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(S.copied);
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it('opens the device’s share sheet where there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    const view = renderInApp(<ShareListingButton property={listing} />);
    withNavigator({ share, clipboard: { writeText } });
    await view.user.click(screen.getByRole('button', { name: S.buttonLabel(listing.title) }));
    expect(share).toHaveBeenCalledWith({
      title: listing.title,
      text: S.shareText(listing.title),
      url: link,
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows the link selected in a field when copying fails', async () => {
    const view = renderInApp(<ShareListingButton property={listing} />);
    withNavigator({
      share: undefined,
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
    });
    await view.user.click(screen.getByRole('button', { name: S.buttonLabel(listing.title) }));
    const field = await screen.findByRole('textbox', { name: S.linkLabel });
    expect(field).toHaveValue(link);
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByText(S.copyFailed)).toBeInTheDocument();
  });
});
