// Starts the built product for the end-to-end tests on a fresh data directory with the demo
// seed. The directory is wiped at every start, so a run never sees the last one's data.
//
// Beside it runs a real SMTP server on 127.0.0.1 that accepts every message the product sends
// and writes each, as received, into test-results/e2e-mail/ (also wiped at start): the tests read
// the e-mails a person would get from there (e2e/mailbox.ts).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { SMTPServer } from 'smtp-server';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = path.resolve('test-results', 'e2e-data');
const mailDir = path.resolve('test-results', 'e2e-mail');
for (const dir of [dataDir, mailDir]) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

let received = 0;
// No sign-in and no TLS: it listens on the loopback address only, for this run's product.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    received += 1;
    // Numbered in the order they arrived, and renamed to .eml only once whole, so a test
    // never reads half a message.
    const file = path.join(mailDir, `${String(received).padStart(5, '0')}.eml`);
    buffer(stream)
      .then((message) => writeFile(`${file}.part`, message))
      .then(() => rename(`${file}.part`, file))
      .then(() => callback(), callback);
  },
});
await new Promise((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(0, '127.0.0.1', resolve);
});
const smtpPort = smtp.server.address().port;

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // Queued e-mails and notifications are sent as they come due, as in production.
    JOB_WORKERS: 'true',
    // Every spec registers and confirms its accounts from this one address; the limit of 20 an
    // hour is proved by the integration tests (test/security/abuse-limits.test.ts).
    REGISTRATIONS_PER_HOUR: '500',
    // Every browser of every spec is this one address too; the API limit per address is proved
    // the same way.
    API_REQUESTS_PER_MINUTE: '100000',
    // The specs that hold a page's scripts back read what the server rendered; on a machine busy
    // with other suites, the shell must not go instead after the usual few seconds. Giving up on
    // a slow render is proved by the integration tests (test/platform/server-rendering.test.ts).
    PAGE_RENDER_TIMEOUT_MS: '30000',
  },
});

const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  smtp.close(() => process.exit(code ?? 0));
});
