import type { UserRequest } from '@keyhaven/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { agent, buyer, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { PurchasedPropertiesPage } from './purchased-properties-page';

const bought: UserRequest = {
  ...listing,
  soldStatus: 'true',
  offerId: '00000000-0000-4000-8000-0000000000b1',
  offerStatus: 'paid',
  requestStatus: 'bought',
  userRequestDetails: { uid: buyer.uid, offerAmount: 265_000, selectedDate: '2026-12-20' },
  transactionId: 'demo_txn_1',
  payBy: null,
  paymentPause: null,
  paymentHold: null,
};

describe('PurchasedPropertiesPage', () => {
  it('names each offer’s agent as a link to their profile', async () => {
    fakeApi({ [`GET /api/properties/user-requests/${buyer.uid}`]: () => json([bought]) });
    const view = renderInApp(<PurchasedPropertiesPage payButton={() => null} />, {
      signedInAs: buyer,
    });
    const offer = await screen.findByRole('article', { name: listing.title });
    const link = within(offer).getByRole('link', { name: agent.name });
    expect(link).toHaveAttribute('href', `/agents/${agent.uid}`);
    link.focus();
    await view.user.keyboard('{Enter}');
    expect(await screen.findByText(`Now at /agents/${agent.uid}`)).toBeInTheDocument();
  });
});
