import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createListing } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { openHouses, properties, sessions, users } from '../../db/schema.js';
import { findMatchingSearches } from '../saved-searches/saved-search-match.js';

const ctx = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

interface Person {
  id: string;
  bearer: { authorization: string };
}

/** An account and its session, written directly: registering hashes a password, slowly. */
async function person(role: 'user' | 'agent' | 'admin' | 'fraud'): Promise<Person> {
  const id = randomBytes(12).toString('hex');
  const token = randomBytes(24).toString('hex');
  await ctx.app.db.insert(users).values({
    id,
    name: `${role} ${id.slice(0, 6)}`,
    email: `${role}-${id}@open-houses.test`,
    role,
    emailVerified: true,
  });
  await ctx.app.db.insert(sessions).values({
    id: randomBytes(12).toString('hex'),
    token,
    userId: id,
    // A year long: a test moves the clock months ahead, and no request need renew it.
    expiresAt: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000),
  });
  return { id, bearer: { authorization: `Bearer ${token}` } };
}

const NEW_YORK = { lat: 40.7128, lng: -74.006, location: 'New York, New York' };
const PARIS = { lat: 48.8566, lng: 2.3522, location: 'Paris, France' };

/** A listing of the agent's, approved unless said, in New York unless said. */
const listing = (
  agent: Person,
  overrides: Record<string, unknown> = NEW_YORK,
  approval: 'approved' | 'pending' = 'approved',
) => createListing(ctx.app, { ...agent, bearer: agent.bearer } as never, overrides, approval);

const add = (who: Person, listingId: string, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/properties/${listingId}/open-houses`,
    headers: who.bearer,
    payload,
  });

const list = (who: Person, listingId: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/properties/${listingId}/open-houses`,
    headers: who.bearer,
  });

const remove = (who: Person, listingId: string, openHouseId: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/properties/${listingId}/open-houses/${openHouseId}`,
    headers: who.bearer,
  });

const get = (who: Person, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: who.bearer });

/** Only Date is set: no timer of the app's is touched. */
const clockAt = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
};

describe('adding open houses', () => {
  it('takes the home’s wall clock in its pin’s zone and lists the upcoming ones to buyers', async () => {
    clockAt('2026-12-02T12:00:00Z');
    const agent = await person('agent');
    const buyer = await person('user');
    const id = await listing(agent);
    const added = await add(agent, id, { date: '2026-12-05', start: '13:00', end: '15:00' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      startsAt: '2026-12-05T18:00:00.000Z',
      endsAt: '2026-12-05T20:00:00.000Z',
      timeZone: 'America/New_York',
      localDate: '2026-12-05',
    });
    const seen = await list(buyer, id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      timeZone: 'America/New_York',
      openHouses: [{ id: added.json().id, startsAt: '2026-12-05T18:00:00.000Z' }],
    });
  });

  it('converts across the March and November clock changes in New York and the March one in Paris', async () => {
    clockAt('2027-02-20T12:00:00Z');
    const agent = await person('agent');
    const newYork = await listing(agent);
    const paris = await listing(agent, PARIS);
    const startOf = async (listingId: string, date: string) => {
      const response = await add(agent, listingId, { date, start: '13:00', end: '14:00' });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().startsAt;
    };
    // New York springs forward on 14 March 2027, Paris on 28 March 2027.
    expect(await startOf(newYork, '2027-03-13')).toBe('2027-03-13T18:00:00.000Z');
    expect(await startOf(newYork, '2027-03-14')).toBe('2027-03-14T17:00:00.000Z');
    expect(await startOf(paris, '2027-03-27')).toBe('2027-03-27T12:00:00.000Z');
    expect(await startOf(paris, '2027-03-28')).toBe('2027-03-28T11:00:00.000Z');
    const skipped = await add(agent, newYork, { date: '2027-03-14', start: '02:30', end: '04:00' });
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json().fields).toHaveProperty('start');

    vi.setSystemTime(new Date('2027-10-20T12:00:00Z'));
    // New York falls back on 7 November 2027.
    expect(await startOf(newYork, '2027-11-06')).toBe('2027-11-06T17:00:00.000Z');
    expect(await startOf(newYork, '2027-11-07')).toBe('2027-11-07T18:00:00.000Z');
  });

  it('refuses times in the past, too far ahead, too long, ending first, overlapping, or past ten', async () => {
    clockAt('2026-12-02T12:00:00Z');
    const agent = await person('agent');
    const id = await listing(agent);
    const refused = async (payload: Record<string, unknown>, status: number, field?: string) => {
      const response = await add(agent, id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      if (field) expect(response.json().fields).toHaveProperty(field);
    };
    await refused({ date: '2026-12-01', start: '10:00', end: '11:00' }, 400, 'start');
    await refused({ date: '2027-02-10', start: '10:00', end: '11:00' }, 400, 'date');
    await refused({ date: '2026-12-05', start: '08:00', end: '16:30' }, 400, 'end');
    await refused({ date: '2026-12-05', start: '15:00', end: '13:00' }, 400, 'end');
    await refused({ date: '2026-12-05', start: '25:00', end: '26:00' }, 400, 'start');
    await refused({ date: 'Saturday', start: '10:00', end: '11:00' }, 400, 'date');
    expect(
      (await add(agent, id, { date: '2026-12-05', start: '13:00', end: '15:00' })).statusCode,
    ).toBe(201);
    await refused({ date: '2026-12-05', start: '14:30', end: '16:00' }, 409);
    // Touching end to start is no overlap.
    expect(
      (await add(agent, id, { date: '2026-12-05', start: '15:00', end: '16:00' })).statusCode,
    ).toBe(201);
    for (let day = 6; day <= 13; day += 1) {
      const date = `2026-12-${String(day).padStart(2, '0')}`;
      expect((await add(agent, id, { date, start: '10:00', end: '11:00' })).statusCode).toBe(201);
    }
    await refused({ date: '2026-12-20', start: '10:00', end: '11:00' }, 409);
    expect(await ctx.app.db.select().from(openHouses)).toHaveLength(10);
  });

  it('asks for the zone of a home without a map position, and refuses an unknown one', async () => {
    clockAt('2026-12-02T12:00:00Z');
    const agent = await person('agent');
    const id = await listing(agent, { location: 'Somewhere quiet' });
    const times = { date: '2026-12-05', start: '13:00', end: '15:00' };
    expect((await add(agent, id, times)).json().fields).toHaveProperty('timeZone');
    expect((await add(agent, id, { ...times, timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
    const added = await add(agent, id, { ...times, timeZone: 'Europe/Lisbon' });
    expect(added.json()).toMatchObject({
      startsAt: '2026-12-05T13:00:00.000Z',
      timeZone: 'Europe/Lisbon',
    });
    expect((await list(agent, id)).json().timeZone).toBeNull();
  });
});

describe('who may plan and see open houses', () => {
  it('lets only the listing’s own agent add and remove them, never on a sold home', async () => {
    clockAt('2026-12-02T12:00:00Z');
    const agent = await person('agent');
    const otherAgent = await person('agent');
    const buyer = await person('user');
    const admin = await person('admin');
    const id = await listing(agent);
    const times = { date: '2026-12-05', start: '13:00', end: '15:00' };
    expect((await add(otherAgent, id, times)).statusCode).toBe(403);
    expect((await add(buyer, id, times)).statusCode).toBe(403);
    expect((await add(admin, id, times)).statusCode).toBe(403);
    const added = (await add(agent, id, times)).json();
    expect((await remove(otherAgent, id, added.id)).statusCode).toBe(403);
    expect((await remove(buyer, id, added.id)).statusCode).toBe(403);
    expect((await remove(agent, id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    await ctx.app.db.update(users).set({ role: 'fraud' }).where(eq(users.id, agent.id));
    expect((await add(agent, id, { ...times, start: '16:00', end: '17:00' })).statusCode).toBe(403);
    expect((await remove(agent, id, added.id)).statusCode).toBe(403);
    await ctx.app.db.update(users).set({ role: 'agent' }).where(eq(users.id, agent.id));

    expect((await remove(agent, id, added.id)).statusCode).toBe(200);
    expect(await ctx.app.db.select().from(openHouses)).toEqual([]);
    await ctx.app.db.update(properties).set({ availability: 'Sold' }).where(eq(properties.id, id));
    expect((await add(agent, id, times)).statusCode).toBe(409);
  });

  it('shows buyers those of public listings only; the agent and admins always', async () => {
    clockAt('2026-12-02T12:00:00Z');
    const agent = await person('agent');
    const buyer = await person('user');
    const admin = await person('admin');
    const pending = await listing(agent, NEW_YORK, 'pending');
    const times = { date: '2026-12-05', start: '13:00', end: '15:00' };
    const added = (await add(agent, pending, times)).json();
    expect((await list(buyer, pending)).statusCode).toBe(404);
    expect(
      (await get(buyer, `/api/properties/${pending}/open-houses/${added.id}/calendar.ics`))
        .statusCode,
    ).toBe(404);
    expect((await list(agent, pending)).json().openHouses).toHaveLength(1);
    expect((await list(admin, pending)).json().openHouses).toHaveLength(1);

    const sold = await listing(agent);
    await add(agent, sold, times);
    await ctx.app.db
      .update(properties)
      .set({ availability: 'Sold' })
      .where(eq(properties.id, sold));
    // Its page stays for buyers, so the list answers, with no open house.
    const soldForBuyers = await list(buyer, sold);
    expect(soldForBuyers.statusCode).toBe(200);
    expect(soldForBuyers.json().openHouses).toEqual([]);
    expect((await list(agent, sold)).json().openHouses).toHaveLength(1);

    const open = await listing(agent);
    await add(agent, open, times);
    expect((await list(buyer, open)).statusCode).toBe(200);
    await ctx.app.db.update(users).set({ role: 'fraud' }).where(eq(users.id, agent.id));
    expect((await list(buyer, open)).statusCode).toBe(404);
    expect((await list(admin, open)).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/properties/${open}/open-houses` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('an open house in a calendar', () => {
  it('downloads as an iCalendar file a real parser reads back', async () => {
    clockAt('2026-12-02T12:00:00Z');
    const agent = await person('agent');
    const buyer = await person('user');
    const title =
      'Bright loft; big windows, roof deck — and a very long name that must be folded across lines';
    const id = await listing(agent, { ...NEW_YORK, title });
    const added = (
      await add(agent, id, { date: '2026-12-05', start: '13:00', end: '15:00' })
    ).json();
    const url = `/api/properties/${id}/open-houses/${added.id}/calendar.ics`;
    const response = await get(buyer, url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('attachment');
    const text = response.body;
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') as ICAL.Component);
    expect(event.uid).toMatch(new RegExp(`^open-house-${added.id}@`));
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-05T18:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-05T20:00:00.000Z');
    expect(event.summary).toBe(`Open house: ${title}`);
    expect(event.location).toBe('New York, New York');
    expect(event.description).toContain(`/propertyDetails/${id}`);
    // The same open house downloads with the same UID, so a calendar updates it.
    const again = new ICAL.Component(ICAL.parse((await get(buyer, url)).body));
    expect(new ICAL.Event(again.getFirstSubcomponent('vevent') as ICAL.Component).uid).toBe(
      event.uid,
    );
  });
});

describe('open houses on cards and in searches', () => {
  it('reach the cards as soon as they are added or removed', async () => {
    clockAt('2026-12-02T12:00:00Z');
    const agent = await person('agent');
    const buyer = await person('user');
    const id = await listing(agent);
    const cardOf = async () => {
      const cards = (await get(buyer, '/api/all-properties?fields=card')).json() as Array<{
        _id: string;
        openHouses?: unknown[];
      }>;
      return cards.find((card) => card._id === id);
    };
    expect((await cardOf())?.openHouses).toEqual([]);
    const added = (
      await add(agent, id, { date: '2026-12-05', start: '13:00', end: '15:00' })
    ).json();
    expect((await cardOf())?.openHouses).toEqual([
      {
        id: added.id,
        startsAt: '2026-12-05T18:00:00.000Z',
        endsAt: '2026-12-05T20:00:00.000Z',
        timeZone: 'America/New_York',
      },
    ]);
    const details = (await get(buyer, `/api/properties/${id}`)).json();
    expect(details.openHouses).toHaveLength(1);
    await remove(agent, id, added.id);
    expect((await cardOf())?.openHouses).toEqual([]);
  });

  it('finds the homes open this weekend alike in lists, map views, pins, facets and saved searches', async () => {
    clockAt('2026-12-02T12:00:00Z'); // a Wednesday: this weekend is 5 and 6 December
    const agent = await person('agent');
    const buyer = await person('user');
    const thisWeekend = await listing(agent, { ...NEW_YORK, title: 'Open this weekend' });
    const nextWeek = await listing(agent, { ...NEW_YORK, title: 'Open next week' });
    await listing(agent, { ...NEW_YORK, title: 'Never open' });
    expect(
      (await add(agent, thisWeekend, { date: '2026-12-06', start: '11:00', end: '13:00' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await add(agent, nextWeek, { date: '2026-12-09', start: '11:00', end: '13:00' })).statusCode,
    ).toBe(201);
    const ids = (body: Array<{ _id: string }>) => body.map((listing) => listing._id);
    const bbox = 'bbox=-75,40,-73,41';
    for (const base of ['/api/all-properties', '/properties/search']) {
      expect(ids((await get(buyer, `${base}?openHouse=weekend`)).json())).toEqual([thisWeekend]);
      expect(
        ids((await get(buyer, `${base}?openHouse=weekend&${bbox}&fields=card`)).json()),
      ).toEqual([thisWeekend]);
      // The same view without the filter holds all three, from the map index or not.
      expect(ids((await get(buyer, `${base}?${bbox}`)).json())).toHaveLength(3);
      const pins = (await get(buyer, `${base}/pins?openHouse=weekend&${bbox}`)).json();
      expect(pins.pins.map((pin: { _id: string }) => pin._id)).toEqual([thisWeekend]);
      const facets = (await get(buyer, `${base}/facets?openHouse=weekend`)).json();
      expect(facets.total).toBe(1);
      expect(
        facets.types.find((t: { propertyType: string }) => t.propertyType === 'House').count,
      ).toBe(1);
    }
    expect((await get(buyer, '/properties/search?openHouse=someday')).statusCode).toBe(400);

    // Once it has ended, it no longer counts.
    vi.setSystemTime(new Date('2026-12-06T18:30:00Z'));
    expect((await get(buyer, '/api/all-properties?openHouse=weekend&location=New')).json()).toEqual(
      [],
    );
    vi.setSystemTime(new Date('2026-12-02T12:00:00Z'));

    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: buyer.bearer,
      payload: { name: 'Open Sunday', filters: { location: 'New York', openHouse: 'weekend' } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const kept = (await get(buyer, '/api/saved-searches')).json();
    expect(kept[0].filters).toEqual({ location: 'New York', openHouse: 'weekend' });
    const matched = await findMatchingSearches(ctx.app.db, thisWeekend);
    expect(matched?.searches.map((search) => search.name)).toEqual(['Open Sunday']);
    expect((await findMatchingSearches(ctx.app.db, nextWeek))?.searches).toEqual([]);
  });
});
