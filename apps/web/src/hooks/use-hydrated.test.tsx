import { act, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydrationScope, ServerRenderingContext, useHydrated } from './use-hydrated';

function Recorder({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <p>{hydrated ? 'alive' : 'drawn'}</p>;
}

const onServer = (node: React.ReactNode) =>
  renderToString(<ServerRenderingContext value={true}>{node}</ServerRenderingContext>);

describe('whether the page has come alive', () => {
  it('is false on the server', () => {
    expect(onServer(<Recorder seen={[]} />)).toBe('<p>drawn</p>');
  });

  it('is true at once for what the browser draws itself', () => {
    const seen: boolean[] = [];
    const { container } = render(<Recorder seen={seen} />);
    expect(seen).toEqual([true]);
    expect(container.textContent).toBe('alive');
  });

  it('takes a page the server drew over as it was drawn, then comes alive after', async () => {
    const container = document.createElement('div');
    container.innerHTML = onServer(<Recorder seen={[]} />);
    document.body.append(container);
    const seen: boolean[] = [];

    const root = await act(async () =>
      hydrateRoot(
        container,
        <HydrationScope>
          <Recorder seen={seen} />
        </HydrationScope>,
      ),
    );

    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(container.textContent).toBe('alive');
    // What the browser draws afterwards is alive at once.
    const later: boolean[] = [];
    render(<Recorder seen={later} />);
    expect(later[0]).toBe(true);
    act(() => root.unmount());
    container.remove();
  });
});
