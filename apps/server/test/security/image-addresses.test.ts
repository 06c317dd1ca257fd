import { IMAGE_MESSAGES } from '@keyhaven/shared';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties, users } from '../../src/db/schema.js';
import { MATRIX } from '../authz/matrix.js';
import { createAccount, nextAddress, registrationBody } from '../helpers/accounts.js';
import { createListing, listingBody, TEST_LISTING_PHOTO } from '../helpers/listings.js';
import { useTestApp } from '../helpers/test-app.js';
import { uploadAs } from '../helpers/uploads.js';
import { type Actor, buildWorld, callAs } from './support/world.js';

/*
 * Pages show only images this server holds. Another host's picture on a listing or a profile
 * would make every visitor's browser (admins on Manage Users, anyone on Home) call that host,
 * telling it who looked and when: such addresses are refused on the way in, dropped on the way
 * out for rows written before, and blocked by the browser through the CSP.
 */

const ctx = useTestApp();
const TRACKER = 'tracker.example';
const FOREIGN = `https://${TRACKER}/pixel.png`;

describe('image addresses on the way in', () => {
  it('refuse another host, or an upload that does not exist, for a listing (400 on image)', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const listing = await createListing(ctx.app, agent);
    const missing = `/uploads/${'a1'.repeat(16)}-1600.webp`;
    for (const image of [FOREIGN, `//${TRACKER}/x.png`, 'data:image/png;base64,AAAA', missing]) {
      for (const [method, url] of [
        ['POST', '/api/properties'],
        ['PATCH', `/api/properties/${listing}`],
      ] as const) {
        const response = await ctx.app.inject({
          method,
          url,
          headers: agent.bearer,
          payload: listingBody({ image, propertyType: 'Villa', features: [] }),
        });
        expect(response.statusCode, `${method} ${image}`).toBe(400);
        expect(response.json()).toEqual({
          error: IMAGE_MESSAGES.imageUrlNotOurs,
          code: 'VALIDATION_FAILED',
          fields: { image: IMAGE_MESSAGES.imageUrlNotOurs },
        });
      }
    }
    const [stored] = await ctx.app.db.select().from(properties);
    expect(stored?.image).toBe(TEST_LISTING_PHOTO);
    expect(await ctx.app.db.select().from(properties)).toHaveLength(1);

    // One of our uploads is taken as the cover, by the address of its large picture or of its
    // card thumbnail; either way the photo is the large picture.
    const upload = await uploadAs(ctx.app, agent);
    for (const image of [upload.url, upload.thumbnailUrl]) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/properties/${listing}`,
        headers: agent.bearer,
        payload: listingBody({ image, propertyType: 'Villa', features: [] }),
      });
      expect(response.statusCode, image).toBe(200);
      const [row] = await ctx.app.db.select().from(properties).where(eq(properties.id, listing));
      expect(row?.image).toBe(upload.url);
    }
  });

  it('let a signed-in user set and remove their own photo, from their own uploads only', async () => {
    const person = await createAccount(ctx.app);
    const setPhoto = (photo: unknown, headers: Record<string, string> = person.bearer) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/profile/photo',
        headers,
        payload: { photo },
        remoteAddress: nextAddress(),
      });

    expect((await setPhoto(null, {})).statusCode).toBe(401);
    for (const photo of [FOREIGN, `/uploads/${'b2'.repeat(16)}-1600.webp`, 'javascript:x']) {
      const refused = await setPhoto(photo);
      expect(refused.statusCode, photo).toBe(400);
      expect(refused.json().fields).toEqual({ photo: IMAGE_MESSAGES.photoNotUploaded });
    }

    const { url } = await uploadAs(ctx.app, person, { purpose: 'avatar' });
    const saved = await setPhoto(url);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ _id: person.id, photo: url });
    const profile = await ctx.app.inject({
      method: 'GET',
      url: `/auth/users/${person.id}`,
      headers: person.bearer,
    });
    expect(profile.json().photo).toBe(url);

    const removed = await setPhoto('');
    expect(removed.json().photo).toBeNull();
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, person.id));
    expect(row?.image).toBeNull();
  });

  it("refuse someone else's upload as a profile photo, on the profile and at registration", async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const { url: adminFace } = await uploadAs(ctx.app, admin, { purpose: 'avatar' });
    const throwaway = await createAccount(ctx.app);
    const notYours = { photo: IMAGE_MESSAGES.photoNotUploaded };

    const onProfile = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/profile/photo',
      headers: throwaway.bearer,
      payload: { photo: adminFace },
      remoteAddress: nextAddress(),
    });
    expect(onProfile.statusCode).toBe(400);
    expect(onProfile.json().fields).toEqual(notYours);

    // Registering, anonymously or signed in as someone else, cannot borrow the admin's face either.
    for (const headers of [{}, throwaway.bearer]) {
      const registering = await ctx.app.inject({
        method: 'POST',
        url: '/auth/register',
        headers,
        payload: registrationBody({ photo: adminFace }),
        remoteAddress: nextAddress(),
      });
      expect(registering.statusCode).toBe(400);
      expect(registering.json().fields).toEqual(notYours);
    }
    const showing = await ctx.app.db.select().from(users).where(eq(users.image, adminFace));
    expect(showing).toEqual([]);
  });
});

describe('image addresses on the way out', () => {
  it('never carry another host’s address written before, on any page, to anyone', async () => {
    const world = await buildWorld(ctx.app);
    // Rows from before images had to be ours: every person, listing and approved version.
    const foreignPhoto = {
      url: FOREIGN,
      alt: 'A pixel',
      caption: null,
      width: 1,
      height: 1,
      placeholder: null,
    };
    await ctx.app.db.update(users).set({ image: FOREIGN });
    await ctx.app.db.update(properties).set({ image: FOREIGN, photos: [foreignPhoto] });
    await ctx.app.db
      .update(properties)
      .set({
        published: sql`${properties.published} || ${JSON.stringify({ image: FOREIGN, photos: [foreignPhoto] })}::jsonb`,
      })
      .where(isNotNull(properties.published));

    const failures: string[] = [];
    const actors: Actor[] = ['anonymous', 'user', 'agent', 'admin'];
    let checked = 0;
    for (const row of MATRIX.filter((r) => r.method === 'GET' && r.app !== 'stripe')) {
      for (const cell of row.cases) {
        for (const actor of actors) {
          const request = cell.request(world);
          const response = await callAs(ctx.app, world, actor, {
            method: 'GET',
            url: request.url as string,
          });
          if (!String(response.headers['content-type']).includes('json')) continue;
          checked += 1;
          if (response.body.includes(TRACKER)) failures.push(`${row.path} as ${actor}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The answers did carry people and listings, with their pictures dropped.
    expect(checked).toBeGreaterThan(40);
    const profile = await callAs(ctx.app, world, 'user', {
      method: 'GET',
      url: `/auth/users/${world.accounts.user.id}`,
    });
    expect(profile.json()).toMatchObject({ _id: world.accounts.user.id, photo: null });
    const listing = await callAs(ctx.app, world, 'user', {
      method: 'GET',
      url: `/api/properties/${world.openListing}`,
    });
    expect(listing.json()).toMatchObject({ _id: world.openListing, image: null, photos: [] });
  }, 120_000);
});

describe('the Content-Security-Policy', () => {
  const imgSrc = (csp: unknown) =>
    String(csp)
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('img-src '));

  it('lets pages load images from our own origin only (and blob: and data:, never another host)', async () => {
    for (const url of ['/', '/api/all-properties', '/healthz', '/api/nothing-here']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(imgSrc(response.headers['content-security-policy']), url).toBe(
        "img-src 'self' data: blob:",
      );
    }
  });

  it('keeps the API docs from calling another host for a validator badge', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(imgSrc(page.headers['content-security-policy'])).toBe("img-src 'self' data:");
    const init = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(init.body).toMatch(/"validatorUrl":\s*null/);
    expect(init.body).not.toContain('validator.swagger.io');
  });
});
