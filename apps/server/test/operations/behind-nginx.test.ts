import { execFile, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../fixtures/images.js';
import { registrationBody } from '../helpers/accounts.js';
import { listingBody } from '../helpers/listings.js';
import { loopbackClients } from '../helpers/loopback-clients.js';
import { daysFromNow } from '../helpers/offers.js';
import {
  createScratchDatabase,
  postgresAnswers,
  postgresServerUrl,
  queryOnce,
  type ScratchDatabase,
} from '../helpers/postgres-server.js';
import { freePort, type ServerProcess, startServer } from '../helpers/server-process.js';
import { multipartBody, useObjectStore } from '../helpers/uploads.js';

/*
 * The deployment docs/DEPLOY.md describes, run as written: two instances on one PostgreSQL, with
 * Redis and an S3-compatible store, behind Debian's nginx with the configuration in
 * deploy/nginx.conf (only its addresses, ports and certificate paths changed for this machine).
 * Everything below goes through nginx over TLS, as a browser's requests would. The systemd unit
 * in deploy/ is checked by systemd's own verifier.
 */

const execFileAsync = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const NGINX = '/usr/sbin/nginx';

const available = await postgresAnswers();
if (!available)
  console.warn(`PostgreSQL does not answer at ${postgresServerUrl}: the nginx test is skipped.`);

let workDir: string;
let database: ScratchDatabase | undefined;
let a: ServerProcess;
let b: ServerProcess;
let nginx: ReturnType<typeof spawn> | undefined;
let tlsPort: number;
let httpPort: number;
let certificate: Buffer;
let redis: Redis;

const clients = loopbackClients(512);
const nextLoopback = clients.nextAddress;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the JSON of whichever route was called
  body: any;
  text: string;
  headers: http.IncomingHttpHeaders;
}

/** One HTTPS request to nginx, trusting only the test's own certificate. */
function send(
  method: string,
  requestPath: string,
  options: {
    token?: string;
    json?: unknown;
    payload?: Buffer;
    headers?: Record<string, string | number>;
    from?: string;
  } = {},
): Promise<Answer> {
  const payload =
    options.json === undefined ? options.payload : Buffer.from(JSON.stringify(options.json));
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port: tlsPort,
        servername: 'localhost',
        ca: certificate,
        method,
        path: requestPath,
        localAddress: options.from ?? nextLoopback(),
        agent: false,
        headers: {
          ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(payload ? { 'content-length': payload.length } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({ status: response.statusCode ?? 0, body, text, headers: response.headers });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function register() {
  const body = registrationBody();
  clients.signedInAs(body.email);
  const answer = await send('POST', '/auth/register', { json: body });
  expect(answer.status, answer.text).toBe(200);
  return {
    id: answer.body.user._id as string,
    email: body.email as string,
    password: body.password as string,
    token: answer.body.token as string,
  };
}

const scratchUrl = () => (database as ScratchDatabase).url;

/** deploy/nginx.conf with this machine's ports, certificate and log paths; nothing else. */
async function siteConfiguration(): Promise<string> {
  const original = await readFile(path.join(repositoryRoot, 'deploy/nginx.conf'), 'utf8');
  const replacements: [RegExp, string][] = [
    [/server 127\.0\.0\.1:3000 /, `server 127.0.0.1:${a.port} `],
    [/server 127\.0\.0\.1:3001 /, `server 127.0.0.1:${b.port} `],
    [/listen 80;/, `listen 127.0.0.1:${httpPort};`],
    [/listen 443 ssl http2;/, `listen 127.0.0.1:${tlsPort} ssl http2;`],
    [/^\s*listen \[::\].*$\n/gm, ''],
    [/\/etc\/letsencrypt\/live\/keyhaven\.example\.com\/fullchain\.pem/, `${workDir}/cert.pem`],
    [/\/etc\/letsencrypt\/live\/keyhaven\.example\.com\/privkey\.pem/, `${workDir}/key.pem`],
    [/\/var\/log\/nginx\/keyhaven\.access\.log/, `${workDir}/access.log`],
  ];
  let site = original;
  for (const [pattern, replacement] of replacements) {
    const changed = site.replace(pattern, replacement);
    // The test follows the file: a line it expects to adapt that is gone fails here, loudly.
    expect(changed, `deploy/nginx.conf no longer has ${pattern}`).not.toBe(site);
    site = changed;
  }
  return site;
}

/** The main configuration Debian's nginx.conf would be, for an nginx run by this test alone. */
function mainConfiguration(): string {
  const temp = (name: string) => `${name}_temp_path ${workDir}/${name};`;
  return [
    // Started as root, nginx's workers would drop to "nobody", who cannot read this test's files.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${workDir}/nginx.pid;`,
    `error_log ${workDir}/error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
    `  include ${workDir}/keyhaven.conf;`,
    '}',
  ].join('\n');
}

async function startNginx() {
  await writeFile(path.join(workDir, 'keyhaven.conf'), await siteConfiguration());
  await writeFile(path.join(workDir, 'nginx.conf'), mainConfiguration());
  const args = ['-e', `${workDir}/error.log`, '-p', workDir, '-c', `${workDir}/nginx.conf`];
  const checked = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  expect(checked.status, checked.stderr).toBe(0);
  nginx = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const answer = await send('GET', '/healthz').catch(() => undefined);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not answer:\n${await readFile(`${workDir}/error.log`, 'utf8')}`);
}

/** Opens the notification stream through nginx; collects the events it receives. */
function openStream(token: string) {
  const events: string[] = [];
  const request = https.get({
    host: '127.0.0.1',
    port: tlsPort,
    servername: 'localhost',
    ca: certificate,
    path: '/api/notifications/stream',
    localAddress: nextLoopback(),
    agent: false,
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
  });
  const opened = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.on('response', (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        for (const match of chunk.matchAll(/^event: (.+)$/gm)) events.push(match[1] as string);
      });
      resolve(response);
    });
    request.on('error', reject);
  });
  return { events, opened, close: () => request.destroy() };
}

async function waitFor(check: () => boolean, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!available)('two instances behind nginx, as docs/DEPLOY.md deploys them', () => {
  const store = useObjectStore();

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-nginx-'));
    await execFileAsync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      `${workDir}/key.pem`,
      '-out',
      `${workDir}/cert.pem`,
    ]);
    certificate = await readFile(`${workDir}/cert.pem`);
    [tlsPort, httpPort] = await Promise.all([freePort(), freePort()]);
    database = await createScratchDatabase('keyhaven_nginx');
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    const env = (name: string) => ({
      DATABASE_URL: scratchUrl(),
      REDIS_URL: redisUrl,
      DATA_DIR: path.join(workDir, name),
      SESSION_SECRET: 'behind-nginx-test-secret-behind-nginx-test-0123',
      PUBLIC_URL: `https://localhost:${tlsPort}`,
      // The only proxy: nginx, on this machine.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...store.env(),
    });
    for (const name of ['a', 'b']) await mkdir(path.join(workDir, name));
    [a, b] = await Promise.all([startServer(env('a')), startServer(env('b'))]);
    await startNginx();
  }, 180_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await once(nginx, 'exit');
    }
    await Promise.all([a?.stop(), b?.stop()]);
    if (redis) {
      await clients.forgetCounters(redis);
      redis.disconnect();
    }
    await database?.drop().catch(() => {});
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('speaks HTTP/2 over TLS, and sends plain HTTP to HTTPS', async () => {
    const session = http2.connect(`https://localhost:${tlsPort}`, { ca: certificate });
    try {
      const stream = session.request({ ':path': '/healthz' });
      const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders];
      stream.resume();
      expect(headers[':status']).toBe(200);
      expect(session.alpnProtocol).toBe('h2');
    } finally {
      session.close();
    }
    const plain = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: httpPort, path: '/properties?q=1', agent: false }, resolve)
        .on('error', reject);
    });
    plain.resume();
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe('https://127.0.0.1/properties?q=1');
  });

  it('signs in, with the client’s address as nginx saw it, whatever the client claims', async () => {
    const buyer = await register();
    const from = nextLoopback();
    const signedIn = await send('POST', '/auth/login', {
      json: { email: buyer.email, password: buyer.password },
      from,
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));
    const session = await send('GET', '/auth/session', { token: signedIn.body.token });
    expect(session.body.user?._id).toBe(buyer.id);

    // nginx names the request; the instance that served it logged it under that id, from the
    // address nginx saw, never the one the client wrote.
    const requestId = signedIn.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    const lines = `${a.output()}\n${b.output()}`
      .split('\n')
      .filter((line) => line.includes(requestId));
    expect(lines.length).toBeGreaterThan(0);
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.req);
    expect(logged?.req.remoteAddress).toBe(from);
    expect(lines.join('\n')).not.toContain('203.0.113.7');
  });

  it('uploads a photo larger than nginx’s default limit, lists and approves a home, and finds it in search on either instance', async () => {
    const agent = await register();
    const admin = await register();
    await queryOnce(scratchUrl(), "update users set role = 'agent' where id = $1", [agent.id]);
    await queryOnce(scratchUrl(), "update users set role = 'admin' where id = $1", [admin.id]);

    const image = await makeImage('png', { width: 1200, height: 900 });
    expect(image.length).toBeGreaterThan(1024 * 1024);
    const { payload, headers } = multipartBody([
      { name: 'image', data: image, filename: 'home.png', contentType: 'image/png' },
    ]);
    const uploaded = await send('POST', '/api/uploads', {
      token: agent.token,
      payload,
      headers,
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const photo = uploaded.body.data as { url: string };
    const served = await send('GET', photo.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    // Beyond the largest upload, nginx refuses the body itself.
    const tooLarge = multipartBody([
      {
        name: 'image',
        data: Buffer.alloc(7 * 1024 * 1024, 1),
        filename: 'huge.png',
        contentType: 'image/png',
      },
    ]);
    const refused = await send('POST', '/api/uploads', {
      token: agent.token,
      payload: tooLarge.payload,
      headers: tooLarge.headers,
    }).catch(() => ({ status: 413 }) as Answer);
    expect(refused.status).toBe(413);

    const title = `Harbour view ${Date.now().toString(36)}`;
    const listed = await send('POST', '/api/properties', {
      token: agent.token,
      json: listingBody({ title, image: photo.url }),
    });
    expect(listed.status, listed.text).toBe(200);
    const listingId = listed.body.insertedId as string;
    const approved = await send('PATCH', `/api/properties/admin-approval/${listingId}/true`, {
      token: admin.token,
    });
    expect(approved.status, approved.text).toBe(200);

    // nginx takes turns between the instances: every search finds the home, on both.
    const query = `/properties/search?search=${encodeURIComponent(title)}`;
    for (let turn = 0; turn < 4; turn++) {
      const found = await send('GET', query);
      expect(found.status).toBe(200);
      expect(found.headers['x-total-count']).toBe('1');
      expect(JSON.stringify(found.body)).toContain(listingId);
    }
  });

  it('takes the Add Property page’s form with its photos in one body over nginx’s 6 MB, as a browser posts it without the app', async () => {
    const agent = await register();
    await queryOnce(scratchUrl(), "update users set role = 'agent' where id = $1", [agent.id]);
    // Uncompressed PNGs, each under a photo's 5 MB, together over the 6 MB any other body may weigh.
    const photos = await Promise.all(
      [0, 1].map(() =>
        sharp(randomBytes(1200 * 900 * 3), { raw: { width: 1200, height: 900, channels: 3 } })
          .png({ compressionLevel: 0 })
          .toBuffer(),
      ),
    );
    const {
      image: _image,
      features,
      ...fields
    } = listingBody({
      title: `Two photos posted ${Date.now().toString(36)}`,
    });
    const { payload, headers } = multipartBody([
      { name: '_form', data: 'add-property' },
      ...Object.entries(fields).map(([name, value]) => ({ name, data: String(value) })),
      ...features.map((feature) => ({ name: 'features', data: feature })),
      ...photos.map((data, index) => ({
        name: 'photos',
        data,
        filename: `room-${index}.png`,
        contentType: 'image/png',
      })),
    ]);
    expect(payload.length).toBeGreaterThan(6 * 1024 * 1024);

    const added = await send('POST', '/dashboard/add-property', {
      token: agent.token,
      payload,
      headers: { ...headers, origin: `https://localhost:${tlsPort}` },
    });
    expect(added.status, added.text.slice(0, 300)).toBe(303);
    expect(added.headers.location).toBe('/dashboard/my-properties');
    const listed = await send('GET', `/api/properties?agentUID=${agent.id}`, {
      token: agent.token,
    });
    expect(JSON.stringify(listed.body)).toContain(fields.title);
  });

  it('delivers a live notification through nginx as soon as it happens', async () => {
    const agent = await register();
    const admin = await register();
    const buyer = await register();
    await queryOnce(scratchUrl(), "update users set role = 'agent' where id = $1", [agent.id]);
    await queryOnce(scratchUrl(), "update users set role = 'admin' where id = $1", [admin.id]);
    await queryOnce(scratchUrl(), 'update users set email_verified = true where id = $1', [
      buyer.id,
    ]);
    const { payload, headers } = multipartBody([
      {
        name: 'image',
        data: await makeImage('jpeg', { width: 800, height: 600 }),
        filename: 'home.jpg',
        contentType: 'image/jpeg',
      },
    ]);
    const photo = await send('POST', '/api/uploads', { token: agent.token, payload, headers });
    const listed = await send('POST', '/api/properties', {
      token: agent.token,
      json: listingBody({ image: photo.body.data.url }),
    });
    const listingId = listed.body.insertedId as string;
    await send('PATCH', `/api/properties/admin-approval/${listingId}/true`, {
      token: admin.token,
    });

    const stream = openStream(agent.token);
    try {
      const response = await stream.opened;
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/event-stream');
      const before = stream.events.length;
      const offered = await send('PATCH', `/make-offer/${listingId}`, {
        token: buyer.token,
        json: { offerAmount: 260_000, selectedDate: daysFromNow(30) },
      });
      expect(offered.status, offered.text).toBe(200);
      // Well before the stream's 25-second heartbeat could flush a buffer, with room for a machine
      // busy with other suites (10 s was once not enough there).
      await waitFor(() => stream.events.length > before, 'the agent’s live notification', 15_000);
    } finally {
      stream.close();
    }
  });

  it('keeps serving through the other instance when one stops', async () => {
    await a.stop();
    for (let turn = 0; turn < 4; turn++) {
      const answer = await send('GET', '/properties/search?limit=1');
      expect(answer.status).toBe(200);
    }
  });

  it('ships a systemd unit that systemd accepts', async () => {
    // Verified as installed on a machine with the release in /opt/keyhaven: only the paths move.
    const unit = (await readFile(path.join(repositoryRoot, 'deploy/keyhaven.service'), 'utf8'))
      .replaceAll('/opt/keyhaven/node_modules/.bin/node', process.execPath)
      .replaceAll('/opt/keyhaven', repositoryRoot.replace(/\/$/, ''));
    const unitFile = path.join(workDir, 'keyhaven.service');
    await writeFile(unitFile, unit);
    const verified = spawnSync('systemd-analyze', ['verify', unitFile], { encoding: 'utf8' });
    expect(verified.error, 'systemd-analyze is needed (Debian: apt-get install systemd)').toBe(
      undefined,
    );
    expect(`${verified.stdout}${verified.stderr}`.trim()).toBe('');
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^EnvironmentFile=/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
  });
});
