import './lib/node-version.js';
import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { createInstanceServer } from './lib/instance-server.js';
import { createProcessLog, logProcessWarnings } from './lib/process-log.js';
import { resolveSessionSecret } from './lib/session-secret.js';
import {
  announceReady,
  onStopRequest,
  replacesAnother,
  superviseWorkers,
} from './lib/worker-processes.js';

async function main() {
  const config = loadConfig();
  const log = createProcessLog(config.logLevel);
  logProcessWarnings(log);

  if (config.processes > 1 && cluster.isPrimary) {
    // Made before the processes start, so all of them sign sessions with the one secret (only
    // without SESSION_SECRET, outside production).
    resolveSessionSecret(config);
    process.exitCode = await superviseWorkers(config.processes, config.shutdownTimeoutMs, log)
      .stopped;
    return;
  }

  // The port answers at once, "starting", while the app is loaded and its database opened,
  // migrated and seeded (minutes on a big one): never a refused connection. A process replacing
  // one that stopped joins the port only once ready, its listing cache warm (so its /readyz
  // never tells a load balancer the instance is not ready), the others answering meanwhile.
  const instance = createInstanceServer({ brandName: config.brandName });
  const joinWhenReady = cluster.isWorker && replacesAnother(config.processes);
  if (!joinWhenReady) await instance.listen(config.host, config.port);
  const { buildApp } = await import('./app.js');
  const app = await buildApp(config, { serverFactory: instance.serverFactory });
  await app.ready();
  instance.serve();
  if (joinWhenReady) {
    await app.listingCacheWarmed();
    await instance.listen(config.host, config.port);
  }
  const address = instance.server.address();
  app.log.info(
    { address },
    `Server ready at http://${config.host}:${typeof address === 'object' && address ? address.port : config.port}`,
  );

  let closing = false;
  const grace = closeWithGrace(
    { delay: config.shutdownTimeoutMs, logger: log },
    async ({ signal, err }) => {
      closing = true;
      if (err) app.log.error({ err }, 'shutting down after an error');
      else app.log.info({ signal }, 'shutting down');
      // /readyz says "stopping" and the live-update streams end; the port takes no more
      // connections; every request received is answered, each connection closing once idle;
      // only then do the app's jobs, caches and database close.
      app.leaving.start();
      await instance.close();
      await app.close();
    },
  );
  if (cluster.isWorker) {
    onStopRequest(() => {
      if (!closing) void grace.close();
    });
    announceReady();
  }
}

main().catch((error: unknown) => {
  // One JSON line on standard error, written before the exit: a readable message, with the
  // list of problems or the error's stack in fields of their own.
  const log = createProcessLog('info', 2);
  if (error instanceof ConfigError) {
    log.fatal({ problems: error.problems }, `Invalid configuration: ${error.problems.join('; ')}`);
  } else if (error instanceof DataDirLockedError) {
    log.fatal(error.message);
  } else {
    log.fatal({ err: error }, 'the server could not start');
  }
  process.exit(1);
});
