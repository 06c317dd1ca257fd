import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMPARE_LIMIT_MESSAGE, comparedListings } from '@/lib/compare-list';
import { renderInApp } from '@/test/render';
import { CompareToggle } from './compare-toggle';

const STORAGE_KEY = 'keyhaven.compare';

const homes = ['Lakeside Cottage', 'City Loft', 'Garden Villa', 'Hill House', 'Dune Cabin'].map(
  (title, index) => ({ id: `home-${index + 1}`, title, image: null }),
);

function renderToggles() {
  return renderInApp(
    <ul>
      {homes.map((home) => (
        <li key={home.id}>
          <CompareToggle listing={home} />
        </li>
      ))}
    </ul>,
  );
}

/** A button's name as read out: the action, then the listing it applies to. */
const named = (action: string, title: string) => new RegExp(`^${action}\\s*:\\s*${title}$`);

const toggleFor = (title: string) =>
  screen.getByRole('button', { name: named('(Compare|Remove from compare)', title) });

describe('picking homes to compare', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('takes up to four homes, pressed while chosen, and refuses a fifth out loud', async () => {
    const { user } = renderToggles();
    for (const home of homes.slice(0, 4)) {
      await user.click(toggleFor(home.title));
      expect(toggleFor(home.title)).toHaveAttribute('aria-pressed', 'true');
      expect(toggleFor(home.title)).toHaveAccessibleName(named('Remove from compare', home.title));
    }

    await user.click(toggleFor('Dune Cabin'));
    expect(await screen.findByText(COMPARE_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(toggleFor('Dune Cabin')).toHaveAttribute('aria-pressed', 'false');
    expect(comparedListings().map(({ id }) => id)).toEqual([
      'home-1',
      'home-2',
      'home-3',
      'home-4',
    ]);

    // Taking one off makes room again.
    await user.click(toggleFor('City Loft'));
    await user.click(toggleFor('Dune Cabin'));
    expect(toggleFor('Dune Cabin')).toHaveAttribute('aria-pressed', 'true');
    expect(toggleFor('City Loft')).toHaveAccessibleName(named('Compare', 'City Loft'));
  });

  it('keeps the choice in this browser, so it is still there after a reload', async () => {
    const first = renderToggles();
    await first.user.click(toggleFor('Garden Villa'));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]')).toEqual([homes[2]]);
    first.unmount();

    renderToggles();
    expect(toggleFor('Garden Villa')).toHaveAttribute('aria-pressed', 'true');
    expect(toggleFor('Hill House')).toHaveAttribute('aria-pressed', 'false');
  });

  it('follows a choice made in another tab', () => {
    renderToggles();
    expect(toggleFor('Hill House')).toHaveAttribute('aria-pressed', 'false');

    // Another tab writes the shared storage; this tab hears of it through the storage event.
    act(() => {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify([homes[3]]));
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY }));
    });
    expect(toggleFor('Hill House')).toHaveAttribute('aria-pressed', 'true');

    act(() => {
      window.localStorage.removeItem(STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY }));
    });
    expect(toggleFor('Hill House')).toHaveAttribute('aria-pressed', 'false');
  });

  it('ignores a stored value it cannot read', () => {
    window.localStorage.setItem(STORAGE_KEY, '{not json');
    renderToggles();
    expect(toggleFor('Lakeside Cottage')).toHaveAttribute('aria-pressed', 'false');
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify([{ id: 7 }, homes[0], homes[0]]));
    expect(comparedListings()).toEqual([homes[0]]);
  });
});
