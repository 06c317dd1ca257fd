import autocannon from 'autocannon';
import PipelinedRequestsQueue from 'autocannon/lib/pipelinedRequestsQueue.js';

/*
 * autocannon, kept from spending the machine's cores on answers' bodies it never reads.
 *
 * autocannon 9 appends every chunk of every answer's body to a string (`req.body += chunk`), for
 * the `onResponse`, `verifyBody` and `expectBody` options the bench does not use. For a compressed
 * answer that is a UTF-8 decoding of binary bytes on every response: under the signed-in
 * catalogue's load (8 KB of zstd an answer) it was 60 % of the load generator's thread, which
 * shares the two cores with the server, and the load generator, not the server, set the pace.
 * Every byte is still read off the socket and through autocannon's HTTP parser, and counted.
 */
if (typeof PipelinedRequestsQueue.prototype.addBody !== 'function') {
  // A later autocannon keeps bodies some other way: the bench would measure it again unnoticed.
  throw new Error(
    'autocannon no longer keeps bodies through addBody: see bench/lib/load-generator.mjs',
  );
}
PipelinedRequestsQueue.prototype.addBody = function addBody() {};

/** autocannon's own call, refusing the options that would read the bodies it no longer keeps. */
export function loadGenerator(options) {
  const reading = ['verifyBody', 'expectBody'].filter((name) => options[name] !== undefined);
  if ((options.requests ?? []).some((request) => request.onResponse)) reading.push('onResponse');
  if (reading.length > 0) {
    throw new Error(`the load generator keeps no answer bodies, so it cannot take ${reading}`);
  }
  return autocannon(options);
}
