import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { buyer, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { ListingOpenHouseBadge } from './listing-open-house-badge';

const LIST = `GET /api/properties/${listing._id}/open-houses`;

const openHouse = (startsAt: string, endsAt: string) => ({
  id: crypto.randomUUID(),
  startsAt,
  endsAt,
  timeZone: 'America/New_York',
  localDate: startsAt.slice(0, 10),
});

describe('ListingOpenHouseBadge', () => {
  it('asks for the listing’s open houses and shows the next one as the cards do', async () => {
    const next = openHouse('2099-12-05T18:00:00.000Z', '2099-12-05T20:00:00.000Z');
    const later = openHouse('2099-12-12T18:00:00.000Z', '2099-12-12T20:00:00.000Z');
    const api = fakeApi({
      [LIST]: () => json({ timeZone: 'America/New_York', openHouses: [next, later] }),
    });
    renderInApp(<ListingOpenHouseBadge propertyId={listing._id} />, { signedInAs: buyer });
    expect(await screen.findByText('Open Dec 5, 1–3 pm')).toBeInTheDocument();
    expect(api.requestsTo(LIST)).toHaveLength(1);
  });

  it('shows nothing for a listing without open houses', async () => {
    const api = fakeApi({ [LIST]: () => json({ timeZone: null, openHouses: [] }) });
    const view = renderInApp(<ListingOpenHouseBadge propertyId={listing._id} />, {
      signedInAs: buyer,
    });
    await waitFor(() => expect(api.requestsTo(LIST)).toHaveLength(1));
    expect(view.container.textContent).toBe('');
  });
});
