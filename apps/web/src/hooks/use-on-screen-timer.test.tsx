import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { renderInApp } from '@/test/render';
import { useOnScreenTimer } from './use-on-screen-timer';

/**
 * The browser's frames, drawn only when a test says so: a slow phone may take any time between
 * rendering something and painting it.
 */
function controlFrames() {
  let waiting = new Map<number, FrameRequestCallback>();
  let next = 1;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    waiting.set(next, callback);
    return next++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => waiting.delete(id));
  return {
    /** Draws one frame: what asked for it runs, then the screen shows the page as it stands. */
    paint() {
      const callbacks = [...waiting.values()];
      waiting = new Map();
      act(() => {
        for (const callback of callbacks) callback(performance.now());
      });
    },
  };
}

const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function Confirmation({ ms, onElapsed }: { ms: number; onElapsed: () => void }) {
  useOnScreenTimer(ms, onElapsed);
  return <p>Offer Sent!</p>;
}

let frames: ReturnType<typeof controlFrames>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  frames = controlFrames();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a timer that starts when its component is on screen', () => {
  it('counts its time from the paint, not from the render', () => {
    const elapsed = vi.fn();
    render(<Confirmation ms={2000} onElapsed={elapsed} />);
    // Rendered, but a busy phone has not painted it yet: no time of it is spent.
    wait(5000);
    expect(elapsed).not.toHaveBeenCalled();
    // This frame paints it; the clock starts once that paint is done, at the next frame.
    frames.paint();
    wait(5000);
    expect(elapsed).not.toHaveBeenCalled();
    frames.paint();
    wait(1999);
    expect(elapsed).not.toHaveBeenCalled();
    wait(1);
    expect(elapsed).toHaveBeenCalledOnce();
  });

  it('calls the latest callback, without restarting when its component re-renders', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = render(<Confirmation ms={2000} onElapsed={first} />);
    frames.paint();
    frames.paint();
    wait(1500);
    rerender(<Confirmation ms={2000} onElapsed={latest} />);
    frames.paint();
    wait(500);
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledOnce();
  });

  it('calls nothing once its component is gone, painted or not', () => {
    const elapsed = vi.fn();
    const unpainted = render(<Confirmation ms={2000} onElapsed={elapsed} />);
    unpainted.unmount();
    const painted = render(<Confirmation ms={2000} onElapsed={elapsed} />);
    frames.paint();
    frames.paint();
    wait(1000);
    painted.unmount();
    frames.paint();
    wait(5000);
    expect(elapsed).not.toHaveBeenCalled();
  });
});

describe('a toast', () => {
  it('stays its whole time counted from when it is painted', async () => {
    renderInApp(<p>Page</p>);
    toast.success('Image uploaded successfully!', { duration: 1500 });
    // Sonner arrives on demand, then shows the toast in a task of its own.
    await act(() => import('sonner'));
    await wait(0);
    expect(screen.getByText('Image uploaded successfully!')).toBeInTheDocument();

    // However long the phone takes to paint it, it is not going anywhere.
    await wait(10_000);
    expect(screen.getByText('Image uploaded successfully!')).toBeInTheDocument();
    frames.paint();
    frames.paint();
    // Its time begins now, and Sonner counts it down.
    await wait(0);
    frames.paint();
    await wait(1499);
    expect(screen.getByText('Image uploaded successfully!')).toBeInTheDocument();
    // It leaves with a short exit of Sonner's own.
    await wait(1 + 400);
    frames.paint();
    await wait(400);
    expect(screen.queryByText('Image uploaded successfully!')).not.toBeInTheDocument();
  });
});
