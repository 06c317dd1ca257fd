import cluster, { type Worker } from 'node:cluster';
import type { BaseLogger } from 'pino';

/*
 * One server per core on one machine: WEB_CONCURRENCY processes share the port (Node's cluster
 * hands each new connection to one of them), each a whole instance as on several machines, with
 * the database, Redis and the database's listing-change notices keeping them in step
 * (docs/DEPLOY.md). This process only starts them, starts again one that stops, and stops them.
 */

/** What this process sends a server process to have it finish its requests and stop. */
const STOP_MESSAGE = 'keyhaven:stop';

/** What a server process sends once its app answers (it listens, answering "starting", sooner). */
const READY_MESSAGE = 'keyhaven:ready';

/** Past a process's own shutdown limit, how long before it is killed. */
const STOP_GRACE_MARGIN_MS = 5000;

/** A process that stops sooner than this after starting waits this long before it is replaced. */
const RESTART_DELAY_MS = 1000;

export interface WorkerSupervisor {
  /** Resolves with the exit code once every process has stopped. */
  stopped: Promise<number>;
}

/**
 * Starts `count` server processes running this same program and keeps them running. If one fails
 * before any is ready (a database that does not answer, a port in use), they all stop, with exit
 * code 1: the others would fail the same way. Once the server has served, a process that stops,
 * crashed or killed, is replaced (after a second if it had only just started). On SIGTERM or
 * SIGINT each is asked to finish its requests and stop (by message: a terminal's Ctrl-C has
 * already signalled them all, and a second signal would cut a process's shutdown short).
 */
export function superviseWorkers(
  count: number,
  shutdownTimeoutMs: number,
  log: Pick<BaseLogger, 'error'>,
): WorkerSupervisor {
  let stopping = false;
  let exitCode = 0;
  let resolveStopped: (code: number) => void = () => {};
  const stopped = new Promise<number>((resolve) => {
    resolveStopped = resolve;
  });
  // The processes running now: cluster.workers may still hold one that has exited.
  const running = new Set<Worker>();
  const ready = new WeakSet<Worker>();
  let served = false;
  const startedAt = new WeakMap<Worker, number>();

  const start = () => {
    if (stopping) return;
    const worker = cluster.fork();
    running.add(worker);
    startedAt.set(worker, Date.now());
    worker.on('message', (message) => {
      if (message !== READY_MESSAGE) return;
      ready.add(worker);
      served = true;
    });
  };

  const finishWhenAllGone = () => {
    if (stopping && running.size === 0) resolveStopped(exitCode);
  };

  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of running) {
      // One still starting has no requests to finish (and does not listen for the message yet).
      if (!ready.has(worker)) worker.process.kill('SIGTERM');
      else if (worker.isConnected()) worker.send(STOP_MESSAGE);
    }
    setTimeout(() => {
      for (const worker of running) worker.process.kill('SIGKILL');
    }, shutdownTimeoutMs + STOP_GRACE_MARGIN_MS).unref();
    finishWhenAllGone();
  };

  cluster.on('exit', (worker, code, signal) => {
    running.delete(worker);
    if (stopping) {
      finishWhenAllGone();
      return;
    }
    if (!served) {
      log.error(
        `A server process (pid ${worker.process.pid}) stopped before it could serve (${signal ?? `exit code ${code}`}); stopping the others.`,
      );
      exitCode = 1;
      stopAll();
      return;
    }
    log.error(
      `A server process (pid ${worker.process.pid}) stopped (${signal ?? `exit code ${code}`}); starting another.`,
    );
    const ranFor = Date.now() - (startedAt.get(worker) ?? 0);
    setTimeout(start, ranFor < 10 * RESTART_DELAY_MS ? RESTART_DELAY_MS : 0);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, stopAll);
  for (let i = 0; i < count; i++) start();
  return { stopped };
}

/**
 * In a server process started by superviseWorkers: whether it replaces one that stopped. Node's
 * cluster numbers the processes from 1 in the order they start, so the first `count` are the
 * first ones. A replacement takes connections only once its app answers: the others serve
 * meanwhile, where it would answer only "starting".
 */
export function replacesAnother(count: number): boolean {
  return (cluster.worker?.id ?? 0) > count;
}

/** In a server process started by superviseWorkers: tells it the app answers now. */
export function announceReady() {
  process.send?.(READY_MESSAGE);
}

/** In a server process started by superviseWorkers: runs `stop` when asked to stop. */
export function onStopRequest(stop: () => void) {
  process.on('message', (message) => {
    if (message === STOP_MESSAGE) stop();
  });
}
