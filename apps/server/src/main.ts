import './lib/node-version.js';
import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { createProcessLog, logProcessWarnings } from './lib/process-log.js';
import { resolveSessionSecret } from './lib/session-secret.js';
import { onStopRequest, superviseWorkers } from './lib/worker-processes.js';

async function main() {
  const config = loadConfig();
  const log = createProcessLog(config.logLevel);
  logProcessWarnings(log);

  if (config.processes > 1 && cluster.isPrimary) {
    // Made before the processes start, so all of them sign sessions with the one secret (only
    // without SESSION_SECRET, outside production).
    resolveSessionSecret(config);
    process.exitCode = await superviseWorkers(config.processes, log).stopped;
    return;
  }

  const app = await buildApp(config);

  let closing = false;
  const grace = closeWithGrace({ delay: 10_000, logger: log }, async ({ signal, err }) => {
    closing = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    // Stops accepting connections, lets in-flight requests finish, then closes the database.
    await app.close();
  });
  if (cluster.isWorker) {
    onStopRequest(() => {
      if (!closing) void grace.close();
    });
  }

  await app.listen({ host: config.host, port: config.port });
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
