import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { rgbaToThumbHash, thumbHashToAverageRGBA } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { HydrationScope, ServerRenderingContext } from '@/hooks/use-hydrated';
import { photoFromAddress, type ShownPhoto } from '@/lib/image-renditions';
import { ListingPicture } from './listing-picture';

/** A real ThumbHash of a 4 x 4 picture, sky blue over grass green, in base64 as the API sends it. */
function thumbHashOfSkyAndGrass(): string {
  const rgba = new Uint8Array(4 * 4 * 4);
  for (let pixel = 0; pixel < 16; pixel++) {
    const sky = pixel < 8;
    rgba.set(sky ? [100, 160, 230, 255] : [60, 140, 60, 255], pixel * 4);
  }
  return btoa(String.fromCharCode(...rgbaToThumbHash(4, 4, rgba)));
}

const cover: ShownPhoto = {
  url: '/uploads/abc123-1600.webp',
  alt: 'A white cottage with a jetty on the lake',
  width: 1600,
  height: 1067,
  placeholder: thumbHashOfSkyAndGrass(),
};

function renderPicture(props: Partial<Parameters<typeof ListingPicture>[0]> = {}) {
  const view = render(
    <ListingPicture photo={cover} sizes="(min-width: 640px) 50vw, 100vw" {...props} />,
  );
  const frame = view.container.firstElementChild as HTMLElement;
  return {
    frame,
    sources: () => [...frame.querySelectorAll('source')],
    placeholder: () => frame.querySelector<HTMLElement>('[data-placeholder]'),
  };
}

describe('a listing photo', () => {
  it('offers AVIF, then WebP, at each stored width, sized for its place on the page', () => {
    const { sources } = renderPicture();

    expect(sources().map((source) => source.getAttribute('type'))).toEqual([
      'image/avif',
      'image/webp',
    ]);
    expect(sources()[0]).toHaveAttribute(
      'srcset',
      '/uploads/abc123-480.avif 480w, /uploads/abc123-960.avif 960w, /uploads/abc123-1600.avif 1600w',
    );
    expect(sources()[1]).toHaveAttribute(
      'srcset',
      '/uploads/abc123-480.webp 480w, /uploads/abc123-960.webp 960w, /uploads/abc123-1600.webp 1600w',
    );
    for (const source of sources()) {
      expect(source).toHaveAttribute('sizes', '(min-width: 640px) 50vw, 100vw');
    }

    const image = screen.getByRole('img', { name: cover.alt });
    expect(image).toHaveAttribute('src', '/uploads/abc123-1600.webp');
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '1067');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image).not.toHaveAttribute('fetchpriority');
  });

  it('describes a narrow photo by the widths it really has, each once', () => {
    const { sources } = renderPicture({ photo: { ...cover, width: 700, height: 467 } });

    expect(sources()[1]).toHaveAttribute(
      'srcset',
      '/uploads/abc123-480.webp 480w, /uploads/abc123-960.webp 700w',
    );
    expect(screen.getByRole('img')).toHaveAttribute('width', '700');
  });

  it('fetches the first photo a visitor sees at once, ahead of the rest', () => {
    renderPicture({ priority: true });
    const image = screen.getByRole('img', { name: cover.alt });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('keeps a 3:2 space for a picture known only by its address', () => {
    render(
      <ListingPicture
        photo={photoFromAddress('/uploads/old1-1600.webp', 'Harbour House')}
        sizes="100vw"
      />,
    );
    const image = screen.getByRole('img', { name: 'Harbour House' });
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '1067');
  });

  it('falls back to the plain photo when its picture fails, then to the drawn house', () => {
    const { frame } = renderPicture();

    fireEvent.error(screen.getByRole('img', { name: cover.alt }));
    expect(frame.querySelector('picture')).toBeNull();
    const plain = screen.getByRole('img', { name: cover.alt });
    expect(plain).toHaveAttribute('src', '/uploads/abc123-1600.webp');
    expect(plain).not.toHaveAttribute('srcset');

    fireEvent.error(plain);
    expect(screen.getByRole('img', { name: 'No photo available' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: cover.alt })).toBeNull();
  });

  it('draws a house for a listing without a photo', () => {
    render(<ListingPicture photo={null} sizes="100vw" />);
    expect(screen.getByRole('img', { name: 'No photo available' })).toBeInTheDocument();
  });

  it('paints the average colour of its ThumbHash until the photo arrives', () => {
    const { placeholder } = renderPicture();

    // The colour the thumbhash package reads from the same hash.
    const average = thumbHashToAverageRGBA(
      Uint8Array.from(atob(cover.placeholder ?? ''), (char) => char.charCodeAt(0)),
    );
    const channel = (value: number) => Math.round(value * 255);
    expect(placeholder()?.style.background).toBe(
      `rgb(${channel(average.r)}, ${channel(average.g)}, ${channel(average.b)})`,
    );
    // Half sky (100, 160, 230), half grass (60, 140, 60): bluish green.
    expect(average.g).toBeGreaterThan(average.r);
    expect(average.b).toBeGreaterThan(average.r);
    expect(placeholder()).toHaveAttribute('aria-hidden', 'true');

    fireEvent.load(screen.getByRole('img', { name: cover.alt }));
    expect(placeholder()).toBeNull();
  });

  it('paints a drawn placeholder when given one, and nothing for a photo without a hash', () => {
    const drawn = 'data:image/png;base64,iVBORw0KGgo=';
    expect(
      renderPicture({ placeholderImage: () => drawn }).placeholder()?.style.background,
    ).toContain(`url("${drawn}")`);

    const { placeholder } = renderPicture({ photo: { ...cover, placeholder: null } });
    expect(placeholder()).toBeNull();
  });

  /** A picture the server drew, with its placeholder drawing counted, in the document. */
  function drawnByServer() {
    const drawn = 'data:image/png;base64,iVBORw0KGgo=';
    const count = { drawings: 0 };
    const draw = () => {
      count.drawings += 1;
      return drawn;
    };
    const picture = <ListingPicture photo={cover} sizes="100vw" priority placeholderImage={draw} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <ServerRenderingContext value={true}>{picture}</ServerRenderingContext>,
    );
    document.body.append(container);
    const hydrate = () =>
      act(async () => hydrateRoot(container, <HydrationScope>{picture}</HydrationScope>));
    return { drawn, count, container, hydrate };
  }

  it('is drawn by the server, and not drawn again as the page comes alive with its photo there', async () => {
    const { drawn, count, container, hydrate } = drawnByServer();
    expect(count.drawings).toBe(1);
    expect(container.querySelector('[data-placeholder]')?.getAttribute('style')).toContain(drawn);
    // The photo arrived before the app: the browser says so as the page comes alive.
    const image = container.querySelector('img') as HTMLImageElement;
    Object.defineProperties(image, {
      complete: { value: true },
      currentSrc: { value: cover.url },
      naturalWidth: { value: cover.width },
    });

    const root = await hydrate();

    expect(count.drawings).toBe(1);
    expect(container.querySelector('[data-placeholder]')).toBeNull();
    act(() => root.unmount());
    container.remove();
  });

  it("keeps the server's drawing while its photo still loads, without drawing it again", async () => {
    const { drawn, count, container, hydrate } = drawnByServer();

    const root = await hydrate();

    // Hydrated and rendered again as a page that has come alive: the drawing is the server's.
    expect(count.drawings).toBe(1);
    expect(container.querySelector('[data-placeholder]')?.getAttribute('style')).toContain(drawn);
    fireEvent.load(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('[data-placeholder]')).toBeNull();
    act(() => root.unmount());
    container.remove();
  });
});
