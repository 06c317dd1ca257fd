import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import net from 'node:net';
import { serverMain } from './paths.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** `VmRSS` / `VmHWM` (peak) of one process in bytes, from /proc; undefined when unavailable. */
function memoryOfProcess(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => {
      const match = status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'));
      return match ? Number(match[1]) * 1024 : undefined;
    };
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return {};
  }
}

function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * `VmRSS` / `VmHWM` (peak) in bytes of the server: its process and, with WEB_CONCURRENCY, the
 * server processes it started (the sum of each one's own figure). Undefined when unavailable.
 */
export function memoryOf(pid) {
  const own = memoryOfProcess(pid);
  if (own.rss === undefined) return own;
  const total = { rss: own.rss, hwm: own.hwm ?? 0 };
  for (const child of childrenOf(pid)) {
    const { rss, hwm } = memoryOfProcess(child);
    total.rss += rss ?? 0;
    total.hwm += hwm ?? 0;
  }
  return total;
}

/**
 * What production cannot start without. The benchmarks never open a checkout: Stripe's address
 * is a closed local port, so a payment would fail here rather than reach Stripe.
 */
const PRODUCTION_SETTINGS = {
  STRIPE_SECRET_KEY: 'sk_test_keyhaven_bench',
  STRIPE_WEBHOOK_SECRET: 'whsec_keyhaven_bench',
  STRIPE_API_BASE: 'http://127.0.0.1:9',
  MAIL_TRANSPORT: 'outbox',
};

/**
 * Starts the built server (`apps/server/dist/main.js`) on a free port and waits until
 * `/readyz` answers (with WEB_CONCURRENCY in `env`, one of its processes). Its log goes to `logFile`. RSS is sampled every 200 ms.
 */
export async function startServer({
  env,
  logFile,
  logLevel = 'warn',
  nodeEnv = 'production',
  seedDemo = false,
  // A server restarted on the same database keeps the same secret, so sessions stay valid.
  sessionSecret = randomBytes(32).toString('hex'),
}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, [serverMain], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // The load generator is one address standing for a crowd of visitors: each request is still
      // counted against the per-address limit, as in production, but the crowd is never refused.
      API_REQUESTS_PER_MINUTE: '1000000000',
      ...(nodeEnv === 'production' ? PRODUCTION_SETTINGS : {}),
      ...env,
      NODE_ENV: nodeEnv,
      SESSION_SECRET: sessionSecret,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      SEED_DEMO: String(seedDemo),
      LOG_LEVEL: logLevel,
    },
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited)
      throw new Error(`the server exited during start (${JSON.stringify(exited)}); see ${logFile}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become ready; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  let windowPeak = 0;
  const sampler = setInterval(() => {
    const { rss } = memoryOf(child.pid);
    if (rss && rss > windowPeak) windowPeak = rss;
  }, 200);
  sampler.unref();

  return {
    baseUrl,
    pid: child.pid,
    get exited() {
      return exited;
    },
    /** Peak RSS since the last call (sampled), then starts a new window. */
    takeWindowPeak() {
      const { rss } = memoryOf(child.pid);
      const peak = Math.max(windowPeak, rss ?? 0);
      windowPeak = 0;
      return peak;
    },
    memory: () => memoryOf(child.pid),
    async stop() {
      clearInterval(sampler);
      if (exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
      log.end();
    },
  };
}
