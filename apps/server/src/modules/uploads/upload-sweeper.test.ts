import { describe, expect, it } from 'vitest';
import { SWEEP_INTERVAL_MS, startSweeper, type Timers } from './upload-sweeper.js';

/** Timers the test fires by hand. */
function manualTimers() {
  const state = {
    callback: undefined as (() => void) | undefined,
    ms: 0,
    unrefed: false,
    cleared: false,
  };
  const handle = {
    unref() {
      state.unrefed = true;
      return handle;
    },
  };
  const timers: Timers = {
    setInterval(callback, ms) {
      state.callback = callback;
      state.ms = ms;
      return handle;
    },
    clearInterval(timer) {
      if (timer === handle) state.cleared = true;
    },
  };
  return { timers, state };
}

describe('the upload sweeper', () => {
  it('sweeps every hour on a timer that does not hold the process open, and stops', async () => {
    const { timers, state } = manualTimers();
    let sweeps = 0;
    const sweeper = startSweeper(
      async () => {
        sweeps += 1;
      },
      () => {},
      { timers },
    );
    expect(state).toMatchObject({ ms: SWEEP_INTERVAL_MS, unrefed: true, cleared: false });
    expect(SWEEP_INTERVAL_MS).toBe(60 * 60 * 1000);

    state.callback?.();
    await sweeper.runOnce();
    expect(sweeps).toBe(1);
    await sweeper.stop();
    expect(state.cleared).toBe(true);
  });

  it('runs one sweep at a time, reports a failure, and sweeps again next time', async () => {
    const { timers, state } = manualTimers();
    const errors: unknown[] = [];
    let release!: () => void;
    let calls = 0;
    const sweeper = startSweeper(
      () => {
        calls += 1;
        if (calls === 1) {
          return new Promise<void>((_resolve, reject) => {
            release = () => reject(new Error('database away'));
          });
        }
        return Promise.resolve();
      },
      (error) => errors.push(error),
      { timers },
    );
    state.callback?.();
    state.callback?.();
    const stopping = sweeper.stop();
    expect(calls).toBe(1);
    release();
    await stopping;
    expect(errors).toEqual([new Error('database away')]);

    await sweeper.runOnce();
    expect(calls).toBe(2);
  });
});
