import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { TOUR_MAIL_SUBJECTS, TOUR_MESSAGES } from '@keyhaven/shared';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestAccount } from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { clockAt, requestedTour, tourAction, tourScene } from '../../../test/helpers/tours.js';
import { queryRows } from '../../db/client.js';
import { notifications, tours } from '../../db/schema.js';
import { keyDigest } from '../mail/mail-transport.js';
import { runTourTimer, type TourTimer } from './tour-timers.js';

const ctx = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

const MONDAY = '2027-03-08T12:00:00Z';

/** The tour's invitation as its calendar route gives it, parsed by a real iCalendar parser. */
async function calendarOf(who: TestAccount, tourId: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/tours/${tourId}/calendar.ics`,
    headers: who.bearer,
  });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response.body);
}

function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent') as ICAL.Component;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    organizer: String(vevent.getFirstPropertyValue('organizer')),
    attendee: String(vevent.getFirstPropertyValue('attendee')),
  };
}

/** The e-mail of a tour's change to one person, read back from the outbox. */
async function mailOf(tourId: string, sequence: number, to: TestAccount) {
  await ctx.app.jobs.drain();
  const digest = keyDigest(`tour:${tourId}:${sequence}:${to.id}`).slice(0, 16);
  const outbox = path.join(ctx.dataDir, 'outbox');
  const [file] = (await readdir(outbox)).filter((name) => name.endsWith(`-${digest}.eml`));
  expect(file, `mail of change ${sequence}`).toBeDefined();
  const raw = await readFile(path.join(outbox, file as string));
  return Object.assign(await simpleParser(raw), { raw: raw.toString('utf8') });
}

describe('the invitation', () => {
  it('keeps one UID from confirmation through a new time to cancellation, its SEQUENCE growing', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const [first, second] = [slots[2] as string, slots[10] as string];
    const id = await requestedTour(ctx.app, buyer, listingId, first);
    const uid = `tour-${id}@${new URL(ctx.app.config.publicUrl).host}`;

    await tourAction(ctx.app, agent, id, 'confirm');
    const confirmed = await calendarOf(buyer, id);
    expect(confirmed).toMatchObject({
      method: 'REQUEST',
      uid,
      status: 'CONFIRMED',
      start: new Date(first).toISOString(),
      end: new Date(Date.parse(first) + 3_600_000).toISOString(),
    });
    expect(confirmed.organizer.toLowerCase()).toBe(`mailto:${agent.email}`.toLowerCase());
    expect(confirmed.attendee.toLowerCase()).toBe(`mailto:${buyer.email}`.toLowerCase());

    await tourAction(ctx.app, agent, id, 'propose', { startsAt: second });
    const proposed = await calendarOf(buyer, id);
    expect(proposed).toMatchObject({ method: 'REQUEST', uid, status: 'TENTATIVE', start: second });

    await tourAction(ctx.app, buyer, id, 'accept');
    const accepted = await calendarOf(agent, id);
    expect(accepted).toMatchObject({ method: 'REQUEST', uid, status: 'CONFIRMED', start: second });

    await tourAction(ctx.app, agent, id, 'cancel', { reason: 'The roof is being repaired' });
    const cancelled = await calendarOf(buyer, id);
    expect(cancelled).toMatchObject({ method: 'CANCEL', uid, status: 'CANCELLED' });

    const sequences = [confirmed, proposed, accepted, cancelled].map((c) => c.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(4);
  });

  it('comes by e-mail with the confirmation and the cancellation, as text/calendar; a request has none', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const id = await requestedTour(ctx.app, buyer, listingId, slots[1] as string);
    const request = await mailOf(id, 0, agent);
    expect(request.subject).toBe(TOUR_MAIL_SUBJECTS.tour_requested);
    expect(request.attachments.filter((a) => a.contentType === 'text/calendar')).toEqual([]);

    const invitationIn = (mail: Awaited<ReturnType<typeof mailOf>>) => {
      const part = mail.attachments.find((a) => a.contentType === 'text/calendar');
      expect(part, mail.subject).toBeDefined();
      return parsed((part as { content: Buffer }).content.toString('utf8'));
    };
    await tourAction(ctx.app, agent, id, 'confirm');
    const confirmation = await mailOf(id, 1, buyer);
    expect(confirmation.subject).toBe(TOUR_MAIL_SUBJECTS.tour_confirmed);
    expect(confirmation.text).toContain('See you on');
    expect(invitationIn(confirmation)).toMatchObject({ method: 'REQUEST', sequence: 1 });
    expect(confirmation.raw).toMatch(
      /Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i,
    );

    await tourAction(ctx.app, buyer, id, 'cancel', { reason: 'Found another home' });
    const cancellation = await mailOf(id, 2, agent);
    expect(cancellation.subject).toBe(TOUR_MAIL_SUBJECTS.tour_cancelled);
    expect(cancellation.text).toContain('Found another home');
    expect(invitationIn(cancellation)).toMatchObject({
      method: 'CANCEL',
      sequence: 2,
      uid: `tour-${id}@${new URL(ctx.app.config.publicUrl).host}`,
    });
  });

  it('is not given to anyone but the tour’s two people', async () => {
    clockAt(MONDAY);
    const { buyer, listingId, slots } = await tourScene(ctx.app);
    const id = await requestedTour(ctx.app, buyer, listingId, slots[1] as string);
    const stranger = (await tourScene(ctx.app)).buyer;
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/tours/${id}/calendar.ics`,
      headers: stranger.bearer,
    });
    expect(response.statusCode).toBe(404);
  });
});

const site = () => ctx.app.config;
/** Runs a timer's job as its handler does, at `now`: the change and its notices in one go. */
const runTimer = (timer: TourTimer, now: Date) =>
  ctx.app.db.transaction(async (tx) => {
    const events = await runTourTimer(tx, timer, site(), now);
    await ctx.app.notifications.queue(tx, events);
    return events.length;
  });

async function remindersOf(tourId: string) {
  await ctx.app.jobs.drain();
  return ctx.app.db
    .select()
    .from(notifications)
    .where(eq(notifications.kind, 'tour_reminder'))
    .then((rows) => rows.filter((row) => row.eventKey.includes(tourId)));
}

describe('reminders and the tour’s own times', () => {
  it('queues reminders a day and an hour before, sends each once even when run twice at once', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const slot = slots[20] as string; // days ahead
    const id = await requestedTour(ctx.app, buyer, listingId, slot);
    await tourAction(ctx.app, agent, id, 'confirm');
    const queued = await queryRows<{ data: { data: TourTimer }; start: string }>(
      ctx.app.db,
      sql`select data, start_after as start from pgboss.job where name = 'tour-timer'`,
    );
    const steps = Object.fromEntries(
      queued.map((job) => [job.data.data.step, new Date(job.start).toISOString()]),
    );
    expect(steps['remind-24h']).toBe(new Date(Date.parse(slot) - 24 * 3_600_000).toISOString());
    expect(steps['remind-1h']).toBe(new Date(Date.parse(slot) - 3_600_000).toISOString());
    expect(steps.complete).toBe(new Date(Date.parse(slot) + 25 * 3_600_000).toISOString());

    const dayBefore: TourTimer = { tourId: id, step: 'remind-24h', at: slot };
    const at = new Date(Date.parse(slot) - 24 * 3_600_000);
    const runs = await Promise.all([runTimer(dayBefore, at), runTimer(dayBefore, at)]);
    expect(runs.sort()).toEqual([0, 2]);
    expect(await runTimer(dayBefore, at)).toBe(0);
    const sent = await remindersOf(id);
    expect(sent.map((row) => row.userId).sort()).toEqual([agent.id, buyer.id].sort());
    expect(sent[0]?.title).toContain('is tomorrow');
    expect(await runTimer({ tourId: id, step: 'remind-1h', at: slot }, at)).toBe(2);
  });

  it('does nothing for a tour moved or cancelled since', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const [first, second] = [slots[20] as string, slots[30] as string];
    const moved = await requestedTour(ctx.app, buyer, listingId, first);
    await tourAction(ctx.app, agent, moved, 'confirm');
    await tourAction(ctx.app, agent, moved, 'propose', { startsAt: second });
    await tourAction(ctx.app, buyer, moved, 'accept');
    const now = new Date(Date.parse(first) - 3_600_000);
    expect(await runTimer({ tourId: moved, step: 'remind-1h', at: first }, now)).toBe(0);
    expect(await runTimer({ tourId: moved, step: 'complete', at: first }, now)).toBe(0);
    const [row] = await ctx.app.db.select().from(tours).where(eq(tours.id, moved));
    expect(row?.status).toBe('confirmed');

    const other = await tourScene(ctx.app);
    const cancelled = await requestedTour(ctx.app, other.buyer, other.listingId, first);
    await tourAction(ctx.app, other.agent, cancelled, 'confirm');
    await tourAction(ctx.app, other.buyer, cancelled, 'cancel');
    expect(await runTimer({ tourId: cancelled, step: 'remind-24h', at: first }, now)).toBe(0);
    expect(await remindersOf(moved)).toEqual([]);
    expect(await remindersOf(cancelled)).toEqual([]);
  });

  it('lapses a request nobody answered at its time, and completes a confirmed tour a day after it', async () => {
    clockAt(MONDAY);
    const { agent, buyer, listingId, slots } = await tourScene(ctx.app);
    const unanswered = await requestedTour(ctx.app, buyer, listingId, slots[0] as string);
    const lapse: TourTimer = { tourId: unanswered, step: 'lapse', at: slots[0] as string };
    expect(await runTimer(lapse, new Date(Date.parse(slots[0] as string) - 60_000))).toBe(0);
    expect(await runTimer(lapse, new Date(slots[0] as string))).toBe(1);
    const [lapsed] = await ctx.app.db.select().from(tours).where(eq(tours.id, unanswered));
    expect(lapsed).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      cancelReason: TOUR_MESSAGES.systemReasons.lapsed,
    });

    const toured = await requestedTour(ctx.app, buyer, listingId, slots[3] as string);
    await tourAction(ctx.app, agent, toured, 'confirm');
    const complete: TourTimer = { tourId: toured, step: 'complete', at: slots[3] as string };
    const dayAfter = new Date(Date.parse(slots[3] as string) + 26 * 3_600_000);
    expect(await runTimer(complete, dayAfter)).toBe(1);
    expect(await runTimer(complete, dayAfter)).toBe(0);
    const [done] = await ctx.app.db.select().from(tours).where(eq(tours.id, toured));
    expect(done?.status).toBe('completed');
  });
});
