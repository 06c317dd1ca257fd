import { Worker } from 'node:worker_threads';

/*
 * zstd compression of map pages on a thread of its own. Under a map's load, compressing each
 * page was more than a quarter of the server thread's time while the machine's other core
 * waited. A page is written into a slot of memory shared with the compressing thread, and the
 * server thread goes on with other requests until the compressed page is there to send.
 *
 * Besides the slots the threads share a control array: a ring of submitted slots, each slot's
 * length in and out, and two counts, the pages submitted and the pages compressed. Waking the
 * other side is a futex call; the server thread is woken once for all the pages compressed while
 * it was busy (Atomics.waitAsync), not once a page, which is what made a message per page cost
 * the server thread nearly as much as the compression it saved. Nor does the server thread wake
 * the compressing thread at every page: a wake cost it tens of microseconds (a system call, and
 * another core interrupted), a sixth of its time under the map's load. While pages keep coming the
 * compressing thread looks for the next one every millisecond of its own accord, and only once
 * none has come for a while does it sleep until woken.
 */

/** As many pages as may be on their way at once; the next ones are compressed where they are. */
const SLOTS = 64;
/**
 * A slot's room for a page's text: a list page of whole listings (about 44 KB) fits. A larger page
 * is compressed on the server thread: a view's thousand pins (about 110 KB) cost the compressing
 * thread four times a list page, and under the map's load it then fell behind, sharing its core
 * with the machine's other work, and every page waited for it.
 */
export const OFF_THREAD_MAX_BYTES = 64 * 1024;
/** More than ZSTD_compressBound(OFF_THREAD_MAX_BYTES): a page's frame always fits. */
const OUTPUT_BYTES = OFF_THREAD_MAX_BYTES + (OFF_THREAD_MAX_BYTES >> 8) + 1024;
const SLOT_BYTES = OFF_THREAD_MAX_BYTES + OUTPUT_BYTES;

/** Places in the control array. */
const SUBMITTED = 0;
const COMPRESSED = 1;
/** 1 while the compressing thread sleeps until woken, or is about to, for want of pages. */
const SLEEPING = 2;
/** How often the compressing thread looks for pages of its own accord, in milliseconds. */
const LOOK_EVERY_MS = 1;
/** How long without a page before it sleeps until woken, in milliseconds. */
const SLEEP_AFTER_MS = 200;
const RING = 3;
const INPUT_LENGTH = RING + SLOTS;
/** A slot's compressed length, or -1 where its compression failed. */
const OUTPUT_LENGTH = INPUT_LENGTH + SLOTS;
const CONTROL_LENGTH = OUTPUT_LENGTH + SLOTS;

/** What the compressing thread is given: the memory, and where each thing is in it. */
interface SharedMemory {
  control: SharedArrayBuffer;
  slots: SharedArrayBuffer;
  places: {
    submitted: number;
    compressed: number;
    sleeping: number;
    ring: number;
    inputLength: number;
    outputLength: number;
  };
  slotCount: number;
  slotBytes: number;
  /** Where a slot's compressed page starts within it. */
  inputBytes: number;
  level: number;
  lookEveryMs: number;
  sleepAfterMs: number;
}

/**
 * The compressing thread, started from this function's source (a worker of code rather than of
 * a file, so the same code runs built and in the tests; it may use nothing from outside itself).
 * It keeps one zstd context and writes each page through the engine's handle, as
 * ZstdCompressor does on the server thread, and sleeps while there is nothing to compress.
 */
function compressingThread() {
  const { workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  const zlib = require('node:zlib') as typeof import('node:zlib');
  const {
    control: controlMemory,
    slots,
    places,
    slotCount,
    slotBytes,
    inputBytes,
    level,
    lookEveryMs,
    sleepAfterMs,
  } = workerData as SharedMemory;
  const control = new Int32Array(controlMemory);
  type Engine = { _handle: { writeSync: (...args: unknown[]) => void }; _writeState: Uint32Array };
  const newEngine = () => {
    const engine = new zlib.ZstdCompress({
      params: { [zlib.constants.ZSTD_c_compressionLevel]: level },
    });
    engine.on('error', () => {});
    return engine as unknown as Engine;
  };
  let engine = newEngine();
  let taken = 0;
  let lastPageAt = Date.now();
  for (;;) {
    const submitted = Atomics.load(control, places.submitted);
    if (taken === submitted) {
      if (Date.now() - lastPageAt < sleepAfterMs) {
        Atomics.wait(control, places.submitted, submitted, lookEveryMs);
        continue;
      }
      // Said before the wait looks at the count once more: a page submitted after that look
      // finds it said, and wakes the thread.
      Atomics.store(control, places.sleeping, 1);
      Atomics.wait(control, places.submitted, submitted);
      Atomics.store(control, places.sleeping, 0);
      lastPageAt = Date.now();
      continue;
    }
    lastPageAt = Date.now();
    const slot = control[places.ring + (taken % slotCount)] as number;
    const length = control[places.inputLength + slot] as number;
    const input = Buffer.from(slots, slot * slotBytes, length);
    const output = Buffer.from(slots, slot * slotBytes + inputBytes, slotBytes - inputBytes);
    let written = -1;
    try {
      engine._handle.writeSync(
        zlib.constants.ZSTD_e_end,
        input,
        0,
        length,
        output,
        0,
        output.length,
      );
      const [roomLeft = 0, unread = 1] = engine._writeState;
      if (unread === 0 && roomLeft > 0) written = output.length - roomLeft;
    } catch {
      // The page is compressed on the server thread instead, and the next one by a new context.
      engine = newEngine();
    }
    control[places.outputLength + slot] = written;
    taken++;
    Atomics.store(control, places.compressed, taken);
    Atomics.notify(control, places.compressed);
  }
}

/**
 * The server thread's side: one compressing thread, started with the first page, whose pages
 * are collected in the order they were submitted (the thread compresses them in that order).
 */
export class OffThreadZstd {
  private shared: { control: Int32Array; slots: SharedArrayBuffer; worker: Worker } | undefined;
  private failed = false;
  private readonly free: number[] = Array.from({ length: SLOTS }, (_, slot) => SLOTS - 1 - slot);
  private readonly inFlight: Array<{ slot: number; resolve: (page: Buffer | null) => void }> = [];
  private submitted = 0;
  private collected = 0;
  private waiting = false;
  /** Pages the thread compressed, for the tests to see it at work. */
  pagesCompressed = 0;

  constructor(private readonly level: number) {}

  /**
   * The page that `writeTo` writes (`bytes` long) compressed on the other thread, or null when it
   * is not (too large, every slot taken, no thread): the caller then compresses it itself. The
   * promise gives null too if the thread failed on it.
   */
  compress(bytes: number, writeTo: (target: Buffer) => void): Promise<Buffer | null> | null {
    if (bytes > OFF_THREAD_MAX_BYTES || this.free.length === 0) return null;
    const shared = this.started();
    if (!shared) return null;
    const slot = this.free.pop() as number;
    writeTo(Buffer.from(shared.slots, slot * SLOT_BYTES, bytes));
    shared.control[INPUT_LENGTH + slot] = bytes;
    shared.control[RING + (this.submitted % SLOTS)] = slot;
    this.submitted++;
    Atomics.store(shared.control, SUBMITTED, this.submitted);
    if (Atomics.load(shared.control, SLEEPING) === 1) Atomics.notify(shared.control, SUBMITTED);
    return new Promise((resolve) => {
      this.inFlight.push({ slot, resolve });
      this.waitForThread();
    });
  }

  /** Stops the thread: what it had not compressed, and every page after, is the callers' own. */
  async close() {
    await this.shared?.worker.terminate();
    this.fail();
  }

  private started() {
    if (this.shared || this.failed) return this.shared;
    try {
      const control = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
      const slots = new SharedArrayBuffer(SLOTS * SLOT_BYTES);
      const workerData: SharedMemory = {
        control: control.buffer,
        slots,
        places: {
          submitted: SUBMITTED,
          compressed: COMPRESSED,
          sleeping: SLEEPING,
          ring: RING,
          inputLength: INPUT_LENGTH,
          outputLength: OUTPUT_LENGTH,
        },
        slotCount: SLOTS,
        slotBytes: SLOT_BYTES,
        inputBytes: OFF_THREAD_MAX_BYTES,
        level: this.level,
        lookEveryMs: LOOK_EVERY_MS,
        sleepAfterMs: SLEEP_AFTER_MS,
      };
      const worker = new Worker(`(${compressingThread.toString()})()`, { eval: true, workerData });
      // The thread never keeps the process up: it ends with it.
      worker.unref();
      worker.on('error', () => this.fail());
      worker.on('exit', () => this.fail());
      this.shared = { control, slots, worker };
    } catch {
      this.failed = true;
    }
    return this.shared;
  }

  private fail() {
    this.failed = true;
    this.shared = undefined;
    for (const { slot, resolve } of this.inFlight.splice(0)) {
      this.free.push(slot);
      resolve(null);
    }
  }

  /** One wait at a time, for the thread to have compressed more pages than were collected. */
  private waitForThread() {
    const shared = this.shared;
    if (this.waiting || this.inFlight.length === 0 || !shared) return;
    this.waiting = true;
    const { async, value } = Atomics.waitAsync(shared.control, COMPRESSED, this.collected);
    const collect = () => {
      this.waiting = false;
      if (this.shared !== shared) return;
      this.collect(shared);
      this.waitForThread();
    };
    if (async) value.then(collect);
    else queueMicrotask(collect);
  }

  private collect({ control, slots }: { control: Int32Array; slots: SharedArrayBuffer }) {
    const compressed = Atomics.load(control, COMPRESSED);
    while (this.collected < compressed) {
      const next = this.inFlight.shift();
      if (!next) break;
      this.collected++;
      const length = control[OUTPUT_LENGTH + next.slot] as number;
      const start = next.slot * SLOT_BYTES + OFF_THREAD_MAX_BYTES;
      // A copy: the slot takes the next page, and the socket may hold this one after the send.
      const page = length >= 0 ? Buffer.from(new Uint8Array(slots, start, length)) : null;
      if (page) this.pagesCompressed++;
      this.free.push(next.slot);
      next.resolve(page);
    }
  }
}
