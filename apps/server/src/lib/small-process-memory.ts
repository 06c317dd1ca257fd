import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/*
 * The embedded server is one small process holding the web server and its database: these keep
 * its memory close to what it really uses (docs/PERFORMANCE.md, "Memory of the embedded server").
 */

/**
 * V8's heap for a process that must stay small. V8 lets the young generation grow to 128 MB and
 * the old one to several times what survives before collecting; under load that held 250 MB of
 * garbage. A young generation kept at its starting size and an old one collected once it grows
 * by a quarter measured no more CPU per request.
 */
export function keepHeapSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=25');
}

let collect: ((options: object) => void) | undefined;

/**
 * Collects all garbage now and gives the freed heap back to the operating system. Starting the
 * server leaves over 100 MB of it (Node re-reads drizzle-orm's 180 KB package.json for each of
 * its modules; the demo seed's pictures), which V8 would otherwise keep until the server had
 * sat idle for a while. Costs about a third of a second, so it runs only at start.
 */
export function releaseStartupMemory(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as (options: object) => void;
  }
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
