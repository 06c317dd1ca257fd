import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { agent, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { EditPropertyPage } from '../pages/edit-property-page';
import { MyPropertiesPage } from '../pages/my-properties-page';

const NOTE = 'The price says $1; please give the real one.';
const MY_LISTINGS = `GET /api/properties?agentUID=${agent.uid}&page=1&limit=6`;

describe("an admin's correction note", () => {
  it('shows on the listing in My Properties, with a link to correct it', async () => {
    fakeApi({
      [MY_LISTINGS]: json([
        { ...listing, adminApproval: 'pending', correctionNote: NOTE },
        {
          ...listing,
          _id: 'b5e1c9a2-0000-4000-8000-000000000002',
          title: 'Quiet Flat',
          correctionNote: null,
        },
      ]),
    });
    const view = renderInApp(<MyPropertiesPage />, {
      signedInAs: agent,
      path: '/dashboard/my-properties',
    });

    const notice = await screen.findByText('An admin asked for a correction:');
    const box = notice.closest('div') as HTMLElement;
    expect(box).toHaveTextContent(`An admin asked for a correction: ${NOTE}`);
    // Only the listing that has a note shows one.
    expect(screen.getAllByText('An admin asked for a correction:')).toHaveLength(1);
    await view.user.click(
      within(box).getByRole('link', { name: new RegExp(`^Edit listing ?: ${listing.title}$`) }),
    );
    expect(screen.getByText(`Now at /EditPropertyDetails/${listing._id}`)).toBeInTheDocument();
  });

  it('shows at the top of Edit Property', async () => {
    fakeApi({
      [`GET /api/properties/${listing._id}`]: json({
        ...listing,
        adminApproval: 'pending',
        correctionNote: NOTE,
      }),
    });
    renderInApp(<EditPropertyPage />, {
      signedInAs: agent,
      path: `/EditPropertyDetails/${listing._id}`,
      route: '/EditPropertyDetails/:id',
    });
    expect(await screen.findByRole('heading', { name: 'Edit Property' })).toBeInTheDocument();
    const notice = screen.getByText('An admin asked for a correction:').closest('p');
    expect(notice).toHaveTextContent(`An admin asked for a correction: ${NOTE}`);
  });
});
