import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAP_TEXTS, MapWhenReady } from './lazy-base-map';

/** An IntersectionObserver the test moves by hand: the element comes into view when told. */
function installObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  class ManualObserver {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', ManualObserver);
  return {
    scrollNear: () =>
      act(() => {
        for (const callback of callbacks) {
          callback(
            [{ isIntersecting: true } as IntersectionObserverEntry],
            {} as IntersectionObserver,
          );
        }
      }),
  };
}

afterEach(() => vi.unstubAllGlobals());

// jsdom has no WebGL, so a map that is allowed to draw says the browser cannot show it: that
// text tells the test the map was asked for.
describe('a map further down a page', () => {
  it('waits until its box comes near the viewport before it is drawn', () => {
    const observer = installObserver();
    render(
      <MapWhenReady whenNearViewport>
        <p>the map</p>
      </MapWhenReady>,
    );
    expect(screen.getByText(MAP_TEXTS.loading)).toBeInTheDocument();
    expect(screen.queryByText(MAP_TEXTS.unsupported)).toBeNull();

    observer.scrollNear();
    expect(screen.getByText(MAP_TEXTS.unsupported)).toBeInTheDocument();
  });

  it('is drawn at once on pages where the map is the page', () => {
    installObserver();
    render(
      <MapWhenReady>
        <p>the map</p>
      </MapWhenReady>,
    );
    expect(screen.getByText(MAP_TEXTS.unsupported)).toBeInTheDocument();
  });
});
