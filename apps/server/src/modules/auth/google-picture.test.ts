import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeImage } from '../../../test/fixtures/images.js';
import { signInWithGoogle, useGoogleTestApp } from '../../../test/helpers/google-sign-in.js';
import { uploads, users } from '../../db/schema.js';

/*
 * Google sign-in copies the account's picture into our storage once, when the account is made,
 * so no page loads it from the provider. The provider is a real OpenID provider on 127.0.0.1;
 * its `picture` claim points at a picture server this test runs on 127.0.0.1 too.
 */

const ctx = useGoogleTestApp();
let pictureServer: http.Server;
let pictureOrigin: string;
let portrait: Buffer;
/** The paths the picture server was asked for, in order. */
let requested: string[] = [];

beforeAll(async () => {
  portrait = await makeImage('jpeg', { width: 300, height: 300 });
  pictureServer = http.createServer((request, response) => {
    requested.push(request.url ?? '');
    if (request.url === '/portrait.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(portrait);
    } else if (request.url === '/moved') {
      response.writeHead(302, { location: '/portrait.jpg' }).end();
    } else if (request.url === '/page.html') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => pictureServer.listen(0, '127.0.0.1', resolve));
  pictureOrigin = `http://127.0.0.1:${(pictureServer.address() as AddressInfo).port}`;
});

beforeEach(() => {
  requested = [];
});

afterAll(async () => {
  await new Promise<void>((resolve) =>
    pictureServer ? pictureServer.close(() => resolve()) : resolve(),
  );
});

let people = 0;
function identity(picture: string) {
  people += 1;
  return {
    sub: `google-picture-${people}`,
    email: `picture-${people}-${Date.now()}@example.test`,
    email_verified: true,
    name: `Pat Picture ${people}`,
    picture,
  };
}

describe('a Google account’s picture', () => {
  it('is copied into our storage when the account is made, and served from there only', async () => {
    const person = identity(`${pictureOrigin}/portrait.jpg`);
    ctx.provider.signInAs(person);
    const { user } = await signInWithGoogle(ctx.app, ctx.provider);

    expect(user).toMatchObject({ email: person.email, role: 'user' });
    expect(user.photo).toMatch(/^\/uploads\/[a-f0-9]{32}-1600\.webp$/);
    expect(requested).toEqual(['/portrait.jpg']);
    const [stored] = await ctx.app.db.select().from(users).where(eq(users.id, user._id));
    expect(stored?.image).toBe(user.photo);
    // The copy is an upload of the new account's, like a photo it uploaded itself.
    const [upload] = await ctx.app.db.select().from(uploads);
    expect(upload).toMatchObject({ ownerId: user._id, sourceType: 'jpeg' });
    expect(user.photo).toBe(`/uploads/${upload?.storageKey}-1600.webp`);

    const served = await ctx.app.inject({ method: 'GET', url: user.photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300 });
  });

  it('is copied once: later sign-ins keep the photo and fetch nothing', async () => {
    const person = identity(`${pictureOrigin}/portrait.jpg`);
    ctx.provider.signInAs(person);
    const first = await signInWithGoogle(ctx.app, ctx.provider);
    ctx.provider.signInAs({ ...person, picture: `${pictureOrigin}/moved` });
    const second = await signInWithGoogle(ctx.app, ctx.provider);

    expect(second.user._id).toBe(first.user._id);
    expect(second.user.photo).toBe(first.user.photo);
    expect(requested).toEqual(['/portrait.jpg']);
    expect(await ctx.app.db.select().from(uploads)).toHaveLength(1);
  });

  it('follows a redirect on the provider’s host', async () => {
    ctx.provider.signInAs(identity(`${pictureOrigin}/moved`));
    const { user } = await signInWithGoogle(ctx.app, ctx.provider);
    expect(user.photo).toMatch(/^\/uploads\/[a-f0-9]{32}-1600\.webp$/);
    expect(requested).toEqual(['/moved', '/portrait.jpg']);
  });

  it.each([
    ['is not an image', () => `${pictureOrigin}/page.html`, ['/page.html']],
    ['is missing', () => `${pictureOrigin}/gone.png`, ['/gone.png']],
    ['is on another host', () => 'https://images.example.test/p.png', []],
    ['is not a web address', () => 'file:///etc/passwd', []],
  ])(
    'leaves the account without a photo when it %s, and signs in anyway',
    async (_case, picture, paths) => {
      ctx.provider.signInAs(identity(picture()));
      const { callback, user } = await signInWithGoogle(ctx.app, ctx.provider);
      expect(callback.headers.location).toBe('/dashboard');
      expect(user).toMatchObject({ photo: null, role: 'user' });
      expect(requested).toEqual(paths);
      const [stored] = await ctx.app.db.select().from(users).where(eq(users.id, user._id));
      expect(stored?.image).toBeNull();
      expect(await ctx.app.db.select().from(uploads)).toEqual([]);
    },
  );
});
