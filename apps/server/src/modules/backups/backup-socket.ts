import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsync } from 'fastify';
import { removeLeftoverStaging, stageBackup } from './backup-archive.js';

/*
 * A running server owns its embedded database: no other process may open it, so a backup of a
 * running installation is made by the server itself. It answers on a Unix socket in DATA_DIR
 * (readable by its own user only), which `npm run backup` asks for the backup file.
 */

const BACKUP_PATH = '/backup';

/** The control socket of the server that holds `dataDir`. */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

function answerJson(response: http.ServerResponse, status: number, error: string) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error }));
}

export const backupSocketPlugin: FastifyPluginAsync = async (app) => {
  const { connection } = app.database;
  if (!('pglite' in connection)) return;
  const { pglite } = connection;
  const { dataDir, storage } = app.config;
  const socketPath = backupSocketPath(dataDir);
  // This process holds DATA_DIR's lock: a socket or staging folder already there is a crash's.
  await removeLeftoverStaging(dataDir);
  await rm(socketPath, { force: true });

  let busy = false;
  let dumping: Promise<unknown> | undefined;

  async function sendBackup(response: http.ServerResponse) {
    const making = stageBackup({
      pglite,
      dataDir,
      uploadsDir: storage.driver === 'local' ? storage.dir : undefined,
      holdSweeps: (work) => app.uploadSweepHold.holdOff(work),
    });
    dumping = making.catch(() => {});
    let staged: Awaited<typeof making>;
    try {
      staged = await making;
    } catch (error) {
      app.log.error({ err: error }, 'backup failed');
      answerJson(
        response,
        500,
        `The server could not make the backup: ${(error as Error).message}`,
      );
      return;
    }
    try {
      response.writeHead(200, { 'content-type': 'application/x-tar' });
      await pipeline(staged.pack(), response);
      app.log.info({ uploads: staged.manifest.uploads.files }, 'backup sent');
    } catch (error) {
      // The reader went away, or a file could not be read: the reader sees a cut-off answer.
      app.log.warn({ err: error }, 'backup not delivered');
    } finally {
      await staged.dispose();
    }
  }

  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== BACKUP_PATH) {
      answerJson(response, 404, `Ask for GET ${BACKUP_PATH}.`);
      return;
    }
    if (busy) {
      answerJson(response, 409, 'A backup is already being made; try again when it is done.');
      return;
    }
    busy = true;
    void sendBackup(response).finally(() => {
      busy = false;
    });
  });

  await new Promise<void>((resolve) => {
    server.once('listening', () => resolve());
    // A socket that cannot be opened (a DATA_DIR path too long for one, say) costs the running
    // backups only; the server still serves.
    server.once('error', (error) => {
      app.log.warn({ err: error, socketPath }, 'no backup socket: back up with the server stopped');
      resolve();
    });
    // Made with no access for others from the start, not opened up and then closed.
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath);
    } finally {
      process.umask(umask);
    }
  });

  app.addHook('onClose', async () => {
    // No new backups; one being dumped finishes before the database closes.
    server.close();
    await dumping;
  });
};

/**
 * Asks the server holding DATA_DIR for a backup and writes it to `file`. Fails with the server's
 * message, or when the answer is cut short.
 */
export function fetchBackupFromServer(socketPath: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath, path: BACKUP_PATH }, (response) => {
      if (response.statusCode === 200) {
        pipeline(response, createWriteStream(file, { mode: 0o600 })).then(resolve, reject);
        return;
      }
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        let message = text;
        try {
          message = (JSON.parse(text) as { error: string }).error;
        } catch {}
        reject(new Error(message));
      });
    });
    request.on('error', reject);
  });
}
