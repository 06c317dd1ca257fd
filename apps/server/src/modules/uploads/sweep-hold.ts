/**
 * Lets a backup keep the uploads sweep from deleting files while it copies them: a backup's
 * database names uploads that are still on disk when it is dumped, and they must still be there
 * when their files are copied. A sweep due while a backup holds them off is skipped; the next
 * one (an hour later) catches up.
 */
export interface SweepHold {
  /** Runs one sweep, unless a backup holds sweeps off. */
  sweep(run: () => Promise<void>): Promise<void>;
  /** Waits for a sweep in progress, then runs `work` with no sweep starting until it ends. */
  holdOff<T>(work: () => Promise<T>): Promise<T>;
}

export function createSweepHold(): SweepHold {
  let holders = 0;
  let sweeping: Promise<void> | undefined;
  return {
    async sweep(run) {
      if (holders > 0) return;
      sweeping = run();
      try {
        await sweeping;
      } finally {
        sweeping = undefined;
      }
    },
    async holdOff(work) {
      holders += 1;
      try {
        // A sweep's failure is its own to report; the backup only waits for it to end.
        await sweeping?.catch(() => {});
        return await work();
      } finally {
        holders -= 1;
      }
    },
  };
}
