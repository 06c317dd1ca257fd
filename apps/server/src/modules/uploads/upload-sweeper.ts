/** How often abandoned uploads are looked for; each is removed a day after it was made. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface Timers {
  setInterval(callback: () => void, ms: number): { unref(): unknown };
  clearInterval(timer: { unref(): unknown }): void;
}

export interface Sweeper {
  /** Runs one sweep now, unless one is already running (then waits for that one). */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for a sweep in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `sweep` every `intervalMs` on a timer that never keeps the process alive by itself, one
 * sweep at a time; a failed sweep is reported and the next one tries again.
 */
export function startSweeper(
  sweep: () => Promise<void>,
  onError: (error: unknown) => void,
  { intervalMs = SWEEP_INTERVAL_MS, timers = globalThis as Timers } = {},
): Sweeper {
  let running: Promise<void> | undefined;
  const runOnce = () => {
    running ??= sweep()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = timers.setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      timers.clearInterval(timer);
      await running;
    },
  };
}
