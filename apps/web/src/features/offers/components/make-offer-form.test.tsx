import {
  earliestBuyingDateIso,
  formatDollars,
  latestBuyingDateIso,
  todayIso,
} from '@keyhaven/shared/constants';
import { OFFER_MESSAGES, offerBoundsMessage } from '@keyhaven/shared/texts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { fillFields } from '@/test/fill';
import { buyer, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import type { KeepOnWishlist } from '../api/make-offer';
import { MakeOfferPage } from '../pages/make-offer-page';

const { minPrice, maxPrice } = listing;
const offerRoute = `PATCH /make-offer/${listing._id}`;

/** `days` after `iso` (YYYY-MM-DD), counted in UTC as buying dates are. */
function daysAfter(iso: string, days: number) {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * The Make Offer page of `listing`, with its form on screen once the buyer's own offers (which
 * the page reads first) show none on it.
 */
async function renderMakeOffer(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ [`GET /api/properties/user-requests/${buyer.uid}`]: json([]), ...routes });
  const keepOnWishlist = vi.fn<KeepOnWishlist>(async () => ({ message: 'Saved' }));
  const view = renderInApp(<MakeOfferPage property={listing} keepOnWishlist={keepOnWishlist} />, {
    signedInAs: buyer,
    path: `/make-offer/${listing._id}`,
  });
  const amount = await screen.findByLabelText('Offer Amount ($)');
  const date = screen.getByLabelText('Buying Date');
  const offer = (values: { amount?: string; date?: string }) =>
    fillFields(view.user, {
      ...(values.amount === undefined ? {} : { 'Offer Amount ($)': values.amount }),
      ...(values.date === undefined ? {} : { 'Buying Date': values.date }),
    });
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Submit Offer' }));
  return { ...view, api, keepOnWishlist, amount, date, offer, submit };
}

const sentOffers = (api: Awaited<ReturnType<typeof renderMakeOffer>>['api']) =>
  api.requestsTo(offerRoute);

describe('Make Offer form', () => {
  it('shows who offers on what, read-only, and the range an offer must fall in', async () => {
    await renderMakeOffer();
    expect(screen.getByLabelText('Property Title')).toHaveValue(listing.title);
    expect(screen.getByLabelText('Your Name')).toHaveValue(buyer.name);
    expect(screen.getByLabelText('Your Email')).toHaveValue(buyer.email);
    expect(screen.getByLabelText('Your Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Offer Amount ($)')).toHaveAccessibleDescription(
      `Between ${formatDollars(minPrice)} and ${formatDollars(maxPrice)}`,
    );
    expect(screen.getByLabelText('Buying Date')).toHaveAttribute('min', earliestBuyingDateIso());
  });

  it('requires an amount and a buying date', async () => {
    const { api, amount, date, submit } = await renderMakeOffer();
    await submit();
    expect(await screen.findByText(OFFER_MESSAGES.amountRequired)).toBeInTheDocument();
    expect(screen.getByText(OFFER_MESSAGES.dateRequired)).toBeInTheDocument();
    expect(amount).toBeInvalid();
    expect(date).toHaveAccessibleDescription(OFFER_MESSAGES.dateRequired);
    expect(sentOffers(api)).toEqual([]);
  });

  it.each([
    ['a cent below the minimum price', String(minPrice - 0.01)],
    ['a cent above the maximum price', String(maxPrice + 0.01)],
    ['nothing at all offered', '0'],
  ])('refuses %s, naming the range', async (_, offered) => {
    const { api, amount, offer, submit } = await renderMakeOffer();
    await offer({ amount: offered, date: earliestBuyingDateIso() });
    await submit();
    const message = offerBoundsMessage(minPrice, maxPrice);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(sentOffers(api)).toEqual([]);
  });

  it('asks for the amount in digits when it is written as 2.5e5, as the server does', async () => {
    const { api, amount, offer, submit } = await renderMakeOffer();
    await offer({ amount: '2.5e5', date: earliestBuyingDateIso() });
    await submit();
    const inDigits = 'Enter the offer amount in digits';
    expect(await screen.findByText(inDigits)).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription(
      `Between ${formatDollars(minPrice)} and ${formatDollars(maxPrice)} ${inDigits}`,
    );
    expect(sentOffers(api)).toEqual([]);
  });

  it('refuses fractions of a cent', async () => {
    const { offer, submit } = await renderMakeOffer();
    await offer({ amount: `${minPrice}.005`, date: earliestBuyingDateIso() });
    await submit();
    expect(await screen.findByText(OFFER_MESSAGES.amountCents)).toBeInTheDocument();
  });

  it.each([
    ['today', todayIso()],
    ['a day already past', daysAfter(todayIso(), -1)],
  ])('refuses %s as the buying date', async (_, day) => {
    const { api, date, offer, submit } = await renderMakeOffer();
    await offer({ amount: String(minPrice), date: day });
    await submit();
    expect(await screen.findByText(OFFER_MESSAGES.dateInPast)).toBeInTheDocument();
    expect(date).toBeInvalid();
    expect(sentOffers(api)).toEqual([]);
  });

  it('refuses a buying date more than two years ahead', async () => {
    const { offer, submit } = await renderMakeOffer();
    await offer({ amount: String(minPrice), date: daysAfter(latestBuyingDateIso(), 1) });
    await submit();
    expect(await screen.findByText(OFFER_MESSAGES.dateTooFar)).toBeInTheDocument();
  });

  it('sends the offer with the buyer, keeps the listing on the wishlist, and goes there at once', async () => {
    const { api, keepOnWishlist, offer, submit } = await renderMakeOffer({
      [offerRoute]: json({ message: OFFER_MESSAGES.submitted }),
    });
    const buyingDate = latestBuyingDateIso();
    await offer({ amount: `${maxPrice}`, date: buyingDate });
    await submit();
    expect(await screen.findByText('Now at /dashboard/wishlist')).toBeInTheDocument();
    await vi.waitFor(() => expect(keepOnWishlist).toHaveBeenCalledOnce());
    const { uid, _id, email, name, phone, photo, role } = buyer;
    const sentBuyer = { uid, _id, email, name, phone, photo, role };
    expect(sentOffers(api).map((request) => request.body)).toEqual([
      { offerAmount: maxPrice, selectedDate: buyingDate, ...sentBuyer },
    ]);
    expect(keepOnWishlist).toHaveBeenCalledWith({ propertyId: listing._id, user: sentBuyer });
  });

  it('takes an offer in cents at the bottom of the range', async () => {
    const { api, keepOnWishlist, offer, submit } = await renderMakeOffer({
      [offerRoute]: json({ message: OFFER_MESSAGES.submitted }),
    });
    await offer({ amount: `${minPrice}.50`, date: earliestBuyingDateIso() });
    await submit();
    await vi.waitFor(() => expect(keepOnWishlist).toHaveBeenCalledOnce());
    expect(sentOffers(api).map((request) => request.body)).toEqual([
      expect.objectContaining({ offerAmount: minPrice + 0.5 }),
    ]);
  });

  it('submits with Enter, and moves focus to the first field to fix', async () => {
    const { user, amount, date } = await renderMakeOffer();
    await user.type(amount, `${minPrice}{Enter}`);
    expect(await screen.findByText(OFFER_MESSAGES.dateRequired)).toBeInTheDocument();
    expect(date).toHaveFocus();
  });
});
