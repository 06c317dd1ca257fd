import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/*
 * Real server processes, started as `npm start` starts them, for the tests that need a process:
 * the data-directory lock, shutdown and configuration errors, several instances on one
 * database, and crashes. SERVER_ENTRY=dist runs the built server (apps/server/dist/main.js); by
 * default the sources run through tsx.
 */

export const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  exited: Promise<number | null>;
  /** SIGKILL: no shutdown, no flush, nothing but what is already on disk. */
  kill(): Promise<void>;
  /** SIGTERM and wait for a graceful exit. */
  stop(): Promise<void>;
}

const sourcesArguments = (program: string) => [
  '--import',
  'tsx',
  '--conditions=source',
  `src/${program}.ts`,
];

/**
 * The arguments that run one of the server's programs (`main`, or a tool in `cli/`) with
 * `process.execPath`, from `serverRoot`: its build with SERVER_ENTRY=dist, else its sources.
 */
export function programArguments(program: string): string[] {
  const dist = `${serverRoot}dist/${program}.js`;
  if (process.env.SERVER_ENTRY === 'dist') {
    if (!existsSync(dist)) throw new Error(`${dist} is missing: run npm run build first`);
    return [dist];
  }
  return sourcesArguments(program);
}

/** The settings every process of the server's starts with, unless `env` says otherwise. */
const processEnv = (env: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries({
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
    }).filter(([, value]) => value !== undefined),
  ) as Record<string, string>;

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the server's commands (`cli/<name>`) to its end, as `npm run <name>` does, with
 * `input` on its standard input.
 */
export async function runCommand(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
  input = '',
): Promise<ScriptRun> {
  const child = spawn(process.execPath, [...programArguments(`cli/${name}`), ...args], {
    cwd: serverRoot,
    env: processEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdin.end(input);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

/**
 * Starts a server process on a free port (or the one given) without waiting for it: for tests
 * of what a process does when it cannot start. Settings in `env` win over the defaults; one
 * given as undefined is left unset. `sourcesDir` runs another copy of apps/server's sources
 * (an earlier release's) instead of this one.
 */
export async function spawnServer(
  env: Record<string, string | undefined>,
  port?: number,
  sourcesDir?: string,
): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(
    process.execPath,
    sourcesDir ? sourcesArguments('main') : programArguments('main'),
    {
      cwd: sourcesDir ?? serverRoot,
      env: processEnv({ HOST: '127.0.0.1', PORT: String(chosen), ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    port: chosen,
    url: `http://127.0.0.1:${chosen}`,
    output: () => output,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Starts a server process and waits until it answers /readyz. */
export async function startServer(
  env: Record<string, string | undefined>,
  port?: number,
  sourcesDir?: string,
): Promise<ServerProcess> {
  const server = await spawnServer(env, port, sourcesDir);
  await waitUntilReady(server);
  return server;
}

/**
 * Waits until the server answers /readyz 200; or, with `serving`, until its app answers at all
 * (no longer "Starting"), for a server whose Redis or object store is down on purpose.
 */
export async function waitUntilReady(server: ServerProcess, { serving = false } = {}) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/readyz`);
      if (response.ok) return;
      if (serving && !(await response.text()).includes('Starting')) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await server.kill();
  throw new Error(`server not ready within 2 minutes:\n${server.output()}`);
}

export interface JsonAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the JSON of whichever route was called
  body: any;
  headers: Headers;
}

/** A JSON call to a server process; a connection error answers status 0. */
export async function call(
  server: { url: string },
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<JsonAnswer> {
  try {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.headers ?? {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: response.status, body, headers: response.headers };
  } catch {
    return { status: 0, body: undefined, headers: new Headers() };
  }
}
