import type { ListingPhoto } from '@keyhaven/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { HydrationScope, ServerRenderingContext } from '@/hooks/use-hydrated';
import { renderInApp } from '@/test/render';
import { PhotoGallery } from './photo-gallery';

/** A real ThumbHash (base64) of a 4 x 4 picture of one colour. */
function thumbHashOf(red: number, green: number, blue: number): string {
  const rgba = new Uint8Array(4 * 4 * 4);
  for (let pixel = 0; pixel < 16; pixel++) rgba.set([red, green, blue, 255], pixel * 4);
  return btoa(String.fromCharCode(...rgbaToThumbHash(4, 4, rgba)));
}

const photo = (key: string, alt: string, caption: string | null = null): ListingPhoto => ({
  url: `/uploads/${key}-1600.webp`,
  alt,
  caption,
  width: 1600,
  height: 1067,
  placeholder: thumbHashOf(200, 180, 150),
});

const photos = [
  photo('front1', 'The cottage from the lake'),
  photo('living2', 'The living room with its wood stove', 'Warm in winter'),
  photo('jetty3', 'The jetty at sunset', 'Your own jetty'),
];
const TITLE = 'Sunny Lakeside Cottage';

const openButton = () => screen.getByRole('button', { name: /^Open full screen:/ });
const thumbnails = () =>
  within(screen.getByRole('list', { name: 'All photos' })).getAllByRole('button');
const viewer = () => screen.getByRole('dialog', { name: `Photos of ${TITLE}` });

describe('a listing’s photo gallery', () => {
  it('shows the cover large, a thumbnail for each photo and where the chosen one stands', async () => {
    const { user } = renderInApp(<PhotoGallery photos={photos} title={TITLE} />);

    expect(screen.getByRole('region', { name: `Photos of ${TITLE}` })).toBeInTheDocument();
    expect(openButton()).toHaveAccessibleName('Open full screen: The cottage from the lake');
    expect(thumbnails().map((thumbnail) => thumbnail.getAttribute('aria-label'))).toEqual([
      'Photo 1 of 3: The cottage from the lake',
      'Photo 2 of 3: The living room with its wood stove',
      'Photo 3 of 3: The jetty at sunset',
    ]);
    expect(thumbnails()[0]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(screen.getByText('Photo 1 of 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Photo 3 of 3: The jetty at sunset' }));

    expect(openButton()).toHaveAccessibleName('Open full screen: The jetty at sunset');
    expect(thumbnails()[2]).toHaveAttribute('aria-current', 'true');
    expect(thumbnails()[0]).not.toHaveAttribute('aria-current');
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(screen.getByText('Your own jetty')).toBeInTheDocument();
  });

  it('paints the large photo’s drawn ThumbHash while it loads, and thumbnails their colour', () => {
    const { container } = renderInApp(<PhotoGallery photos={photos} title={TITLE} />);
    const [large, ...small] = container.querySelectorAll<HTMLElement>('[data-placeholder]');

    expect(large?.style.background).toMatch(/url\("?data:image\/png;base64,/);
    expect(small).toHaveLength(3);
    for (const thumbnail of small) expect(thumbnail.style.background).toMatch(/^rgb\(/);
  });

  it('shows a single photo without thumbnails or a counter', () => {
    renderInApp(<PhotoGallery photos={[photos[1] as ListingPhoto]} title={TITLE} />);

    expect(openButton()).toHaveAccessibleName(
      'Open full screen: The living room with its wood stove',
    );
    expect(screen.getByText('Warm in winter')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'All photos' })).toBeNull();
    expect(screen.queryByText(/\d+ \/ \d+/)).toBeNull();
  });

  it('draws a house for a listing without photos', () => {
    renderInApp(<PhotoGallery photos={[]} title={TITLE} />);
    expect(screen.getByRole('img', { name: 'No photo available' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Open full screen:/ })).toBeNull();
  });

  it('opens full screen, goes round with the arrow keys and buttons, and closes with Escape', async () => {
    const { user } = renderInApp(<PhotoGallery photos={photos} title={TITLE} />);

    await user.click(openButton());
    const dialog = viewer();
    const shown = () => within(dialog).getAllByRole('img')[0];
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument();
    expect(shown()).toHaveAccessibleName('The cottage from the lake');

    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();
    expect(shown()).toHaveAccessibleName('The living room with its wood stove');
    expect(within(dialog).getByText('Warm in winter')).toBeInTheDocument();

    // Past the last photo comes the first again, and before the first, the last.
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument();
    expect(within(dialog).getByText('Your own jetty')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Previous photo' }));
    expect(within(dialog).getByText('3 / 3')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Back where it was opened, showing the photo last looked at.
    expect(openButton()).toHaveFocus();
    expect(openButton()).toHaveAccessibleName('Open full screen: The jetty at sunset');
    expect(thumbnails()[2]).toHaveAttribute('aria-current', 'true');
  });

  it('closes with its Close button and gives focus back to the large photo', async () => {
    const { user } = renderInApp(<PhotoGallery photos={photos} title={TITLE} />);
    openButton().focus();
    await user.keyboard('{Enter}');

    await user.click(within(viewer()).getByRole('button', { name: 'Close photos' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(openButton()).toHaveFocus();
  });

  it('moves on with a swipe and fetches the photos either side ahead', async () => {
    const { user } = renderInApp(<PhotoGallery photos={photos} title={TITLE} />);
    await user.click(openButton());
    const dialog = viewer();
    const stage = within(dialog).getAllByRole('img')[0]?.closest('div') as HTMLElement;

    // The photos before and after the one shown are already asked for.
    const asked = [...dialog.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(asked).toEqual(
      expect.arrayContaining(['/uploads/jetty3-1600.webp', '/uploads/living2-1600.webp']),
    );

    // A finger moving left brings the next photo; a mostly upward move is a scroll, not a swipe.
    fireEvent.pointerDown(stage, { clientX: 300, clientY: 200 });
    fireEvent.pointerUp(stage, { clientX: 180, clientY: 210 });
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();

    fireEvent.pointerDown(stage, { clientX: 300, clientY: 400 });
    fireEvent.pointerUp(stage, { clientX: 250, clientY: 150 });
    expect(within(dialog).getByText('2 / 3')).toBeInTheDocument();

    fireEvent.pointerDown(stage, { clientX: 100, clientY: 200 });
    fireEvent.pointerUp(stage, { clientX: 260, clientY: 190 });
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument();
  });

  it('comes alive over the page the server drew without a warning, thumbnails with the app', async () => {
    const gallery = <PhotoGallery photos={photos} title={TITLE} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <ServerRenderingContext value={true}>{gallery}</ServerRenderingContext>,
    );
    document.body.append(container);
    const drawnOnServer = container.querySelector('[data-placeholder]')?.getAttribute('style');
    // The page asks for the large photo alone; the thumbnails only choose a photo, with the app.
    const photosOnServer = [...container.querySelectorAll('img')].map((image) => image.src);

    const root = await act(async () =>
      hydrateRoot(container, <HydrationScope>{gallery}</HydrationScope>),
    );

    expect(drawnOnServer).toMatch(/data:image\/png;base64,/);
    expect(photosOnServer).toEqual([expect.stringContaining('/uploads/front1-1600.webp')]);
    expect(container.querySelectorAll('ul button')).toHaveLength(3);
    expect(container.querySelectorAll('ul button img')).toHaveLength(3);
    act(() => root.unmount());
    container.remove();
  });
});
