import {
  DEMO_CARDS,
  NOTIFICATION_MESSAGES,
  OFFER_MESSAGES,
  offerBoundsMessage,
  PAGE_FORMS,
  SHOWN_KINDS_FIELD,
} from '@keyhaven/shared';
import { describe, expect, it } from 'vitest';
import { createAccount, nextAddress, type TestAccount } from '../helpers/accounts.js';
import { inPage, requireBuiltWebApp } from '../helpers/built-web-app.js';
import { createListing } from '../helpers/listings.js';
import { accept, daysFromNow, offer, openCheckout } from '../helpers/offers.js';
import { useTestApp } from '../helpers/test-app.js';

/*
 * The signed-in pages' forms posted as plain HTML (before the app has started, or without
 * JavaScript): Make Offer, the notification settings and the test checkout's card details. Each
 * is performed by the same API call the app makes, as the visitor, so the API's checks decide.
 */

requireBuiltWebApp();

const ctx = useTestApp();

/** A form posted from one of our pages by a signed-in visitor's browser. */
function post(url: string, account: TestAccount, fields: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextAddress(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(ctx.app.config.publicUrl).origin,
      cookie: account.cookie,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The listings the buyer has offered on, by id, as the app reads them. */
async function offeredOn(buyer: TestAccount): Promise<string[]> {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/properties/user-requests/${buyer.id}`,
    headers: buyer.bearer,
  });
  return (answer.json() as { _id: string }[]).map((row) => row._id);
}

describe('Make Offer posted to its page', () => {
  it('makes the offer, keeps the listing on the wishlist and sends the buyer there', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const id = await createListing(ctx.app, agent);

    const response = await post(`/make-offer/${id}`, buyer, {
      _form: PAGE_FORMS.makeOffer,
      offerAmount: '265000',
      selectedDate: daysFromNow(20),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/dashboard/wishlist');
    expect(await offeredOn(buyer)).toEqual([id]);
    const wishlist = await ctx.app.inject({
      method: 'GET',
      url: `/wishlist-properties/${buyer.id}`,
      headers: buyer.bearer,
    });
    expect(JSON.stringify(wishlist.json())).toContain(id);
  });

  it('answers the page again with the messages in place and the values typed', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const id = await createListing(ctx.app, agent);

    const early = await post(`/make-offer/${id}`, buyer, {
      _form: PAGE_FORMS.makeOffer,
      offerAmount: '265000',
      selectedDate: daysFromNow(-1),
    });
    expect(early.statusCode).toBe(400);
    expect(early.headers['content-type']).toMatch(/^text\/html/);
    expect(early.body).toContain(inPage(OFFER_MESSAGES.dateInPast));
    expect(early.body).toContain('value="265000"');

    const low = await post(`/make-offer/${id}`, buyer, {
      _form: PAGE_FORMS.makeOffer,
      offerAmount: '1000',
      selectedDate: daysFromNow(20),
    });
    expect(low.statusCode).toBe(400);
    expect(low.body).toContain(inPage(offerBoundsMessage(250_000, 280_000)));
    expect(await offeredOn(buyer)).toEqual([]);
  });

  it('is refused to an agent as the API refuses it, and makes no offer', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const otherAgent = await createAccount(ctx.app, 'agent');
    const id = await createListing(ctx.app, agent);
    const direct = await offer(ctx.app, otherAgent, id);

    const response = await post(`/make-offer/${id}`, otherAgent, {
      _form: PAGE_FORMS.makeOffer,
      offerAmount: '265000',
      selectedDate: daysFromNow(20),
    });
    expect(direct.statusCode).toBe(403);
    expect(response.statusCode).toBe(direct.statusCode);
    expect(response.body).toContain('Only buyers can make offers.');
  });
});

describe('notification settings posted to their page', () => {
  it('saves the ticked kinds on and the shown, unticked ones off, and says so', async () => {
    const buyer = await createAccount(ctx.app);
    const response = await post('/dashboard/notification-settings', buyer, {
      _form: PAGE_FORMS.notificationSettings,
      [SHOWN_KINDS_FIELD]: 'offer_accepted,message_received',
      offer_accepted: 'on',
      searchAlerts: 'daily',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(inPage(NOTIFICATION_MESSAGES.settingsSaved));

    const saved = await ctx.app.inject({
      method: 'GET',
      url: '/api/notification-settings',
      headers: buyer.bearer,
    });
    const settings = saved.json() as { email: Record<string, boolean>; searchAlerts: string };
    expect(settings.email.offer_accepted).toBe(true);
    expect(settings.email.message_received).toBe(false);
    expect(settings.searchAlerts).toBe('daily');
  });

  it('refuses a frequency the API does not know, changing nothing', async () => {
    const buyer = await createAccount(ctx.app);
    const response = await post('/dashboard/notification-settings', buyer, {
      _form: PAGE_FORMS.notificationSettings,
      [SHOWN_KINDS_FIELD]: 'message_received',
      searchAlerts: 'hourly',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain(inPage(NOTIFICATION_MESSAGES.settingsSaved));
    const saved = await ctx.app.inject({
      method: 'GET',
      url: '/api/notification-settings',
      headers: buyer.bearer,
    });
    expect(saved.json().email.message_received).toBe(true);
  });
});

describe("the test checkout's card details posted to its page", () => {
  async function checkout() {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const id = await createListing(ctx.app, agent);
    expect((await offer(ctx.app, buyer, id)).statusCode).toBe(200);
    expect((await accept(ctx.app, agent, id)).statusCode).toBe(200);
    const { sessionId } = await openCheckout(ctx.app, buyer, id);
    return { buyer, sessionId };
  }
  const card = (cardNumber: string) => ({
    _form: PAGE_FORMS.demoPayment,
    cardNumber,
    expiry: '12/39',
    cvc: '987',
    name: 'Card Holder',
  });

  it('pays and sends the buyer to the payment result', async () => {
    const { buyer, sessionId } = await checkout();
    const response = await post(`/demo-checkout/${sessionId}`, buyer, card(DEMO_CARDS.success));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/payment-success?session_id=${sessionId}`);
  });

  it('shows the messages in place, never the card number or its code', async () => {
    const { buyer, sessionId } = await checkout();
    const response = await post(`/demo-checkout/${sessionId}`, buyer, {
      ...card('5555 1111'),
      cvc: '98x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Card number must be 13 to 19 digits');
    expect(response.body).toContain('CVC must be 3 or 4 digits');
    expect(response.body).toContain('value="Card Holder"');
    expect(response.body).not.toContain('5555 1111');
    expect(response.body).not.toContain('98x');
  });

  it('says a declined card is declined', async () => {
    const { buyer, sessionId } = await checkout();
    const response = await post(`/demo-checkout/${sessionId}`, buyer, card(DEMO_CARDS.declined));
    expect(response.statusCode).toBe(402);
    expect(response.body).toContain('Payment declined');
    expect(response.body).not.toContain(DEMO_CARDS.declined);
  });

  it('is refused to another buyer as the API refuses it, and pays nothing', async () => {
    const { buyer, sessionId } = await checkout();
    const stranger = await createAccount(ctx.app);
    const response = await post(`/demo-checkout/${sessionId}`, stranger, card(DEMO_CARDS.success));
    const direct = await ctx.app.inject({
      method: 'POST',
      url: `/api/payment/demo/${sessionId}/pay`,
      headers: stranger.bearer,
      payload: { cardNumber: DEMO_CARDS.success, expiry: '12/39', cvc: '987', name: 'X' },
    });
    expect(direct.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBe(direct.statusCode);
    const state = await ctx.app.inject({
      method: 'GET',
      url: `/api/payment/demo/${sessionId}`,
      headers: buyer.bearer,
    });
    expect(state.json().status).not.toBe('paid');
  });
});
