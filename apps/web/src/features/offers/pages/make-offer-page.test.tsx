import { earliestBuyingDateIso } from '@keyhaven/shared/constants';
import { OFFER_MESSAGES } from '@keyhaven/shared/texts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { use } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '@/hooks/use-session';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { fillFields } from '@/test/fill';
import { buyer, listing } from '@/test/fixtures';
import type { KeepOnWishlist } from '../api/make-offer';
import type { UserRequest } from '../types';
import { MakeOfferPage } from './make-offer-page';

const offersRoute = `GET /api/properties/user-requests/${buyer.uid}`;

/** The buyer's offer on `listing`, as their offers list shows it once the server has it. */
const theirNewOffer: UserRequest = {
  ...listing,
  offerId: 'offer-1',
  offerStatus: 'pending',
  requestStatus: 'pending',
  userRequestDetails: { uid: buyer.uid, offerAmount: listing.minPrice, selectedDate: '2099-01-01' },
  transactionId: null,
  payBy: null,
  paymentPause: null,
  paymentHold: null,
} as UserRequest;

/**
 * The wishlist as a phone reaches it: its code takes its time, and the app, navigating in a
 * transition, keeps Make Offer up until it has come.
 */
function slowWishlist() {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  function WishlistPage() {
    use(arrived);
    return <p>My Wish List</p>;
  }
  return { WishlistPage, arrive };
}

describe('Make Offer, once the offer is sent', () => {
  it('stays busy until the wishlist is up, and never tells the buyer their own offer is in the way', async () => {
    let offered = false;
    const api = fakeApi({
      [offersRoute]: () => json(offered ? [theirNewOffer] : []),
      [`PATCH /make-offer/${listing._id}`]: () => {
        offered = true;
        return json({ message: OFFER_MESSAGES.submitted });
      },
    });
    const keepOnWishlist = vi.fn<KeepOnWishlist>(async () => ({ message: 'Saved' }));
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQueryKey, { user: buyer });
    const wishlist = slowWishlist();
    const user = userEvent.setup({ delay: null });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[`/make-offer/${listing._id}`]}>
          <Routes>
            <Route
              path="/make-offer/:id"
              element={<MakeOfferPage property={listing} keepOnWishlist={keepOnWishlist} />}
            />
            <Route path="/dashboard/wishlist" element={<wishlist.WishlistPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );

    await screen.findByLabelText('Offer Amount ($)');
    await fillFields(user, {
      'Offer Amount ($)': String(listing.minPrice),
      'Buying Date': earliestBuyingDateIso(),
    });
    await user.click(screen.getByRole('button', { name: 'Submit Offer' }));

    // The offer is in, and the buyer's offers, asked for again, now hold it.
    await vi.waitFor(() => expect(api.requestsTo(offersRoute)).toHaveLength(2));
    await vi.waitFor(() => expect(keepOnWishlist).toHaveBeenCalledOnce());
    await vi.waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));

    // Still on its way to the wishlist: the form as it was sent, busy.
    const button = screen.getByRole('button', { name: 'Submitting...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText('Offer Amount ($)')).toHaveValue(listing.minPrice);
    expect(screen.queryByText(/You already have an offer/)).not.toBeInTheDocument();
    expect(screen.queryByText(OFFER_MESSAGES.requested)).not.toBeInTheDocument();

    wishlist.arrive();
    expect(await screen.findByText('My Wish List')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Make an offer' })).not.toBeInTheDocument();
  });
});
