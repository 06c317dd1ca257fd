import { PHOTO_MESSAGES, PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from '@/hooks/use-session';
import { PublicOriginContext } from '@/lib/public-origin';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { fillFields } from '@/test/fill';
import { agent, listing, picture } from '@/test/fixtures';
import { itChecksTheListingFields, listingBody, validListing } from '@/test/property-form';
import { renderInApp } from '@/test/render';
import { EditPropertyForm } from './edit-property-form';

const saveRoute = `PATCH /api/properties/${listing._id}`;
const saved = json({ message: PROPERTY_MESSAGES.updated });

const DESCRIBE = 'Describe this photo';

const photoTile = (position: number, count: number) =>
  screen.getByRole('listitem', { name: `Photo ${position} of ${count}` });

/** The request's photos as the listing has them. */
const listingPhotos = () => listing.photos.map(({ url, alt, caption }) => ({ url, alt, caption }));

function renderEditProperty(property = listing) {
  const view = renderInApp(<EditPropertyForm property={property} />, {
    signedInAs: agent,
    path: `/EditPropertyDetails/${listing._id}`,
  });
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Save Changes' }));
  return { ...view, submit };
}

describe('EditPropertyForm', () => {
  it('renders on the server with the cover at the site’s public address, where there is no window', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQueryKey, { user: agent });
    const html = renderToString(
      <PublicOriginContext.Provider value="https://keyhaven.example">
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <EditPropertyForm property={listing} />
          </MemoryRouter>
        </QueryClientProvider>
      </PublicOriginContext.Provider>,
    );
    expect(html).toContain(`value="https://keyhaven.example${listing.image}"`);
  });

  it('starts from the listing as it is', () => {
    renderEditProperty();
    for (const [label, value] of Object.entries(validListing)) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveValue(field.getAttribute('type') === 'number' ? Number(value) : value);
    }
    expect(screen.getByLabelText('Property type')).toHaveValue(listing.propertyType);
    expect(screen.getByLabelText('Availability')).toHaveValue(listing.availability);
    expect(screen.getByLabelText('Image URL')).toHaveValue(
      `${window.location.origin}${listing.image}`,
    );
    const checked = screen
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => (box as HTMLInputElement).value);
    expect(checked).toEqual(listing.features);
  });

  itChecksTheListingFields(renderEditProperty, {
    maxBelowMin: PROPERTY_MESSAGES.maxBelowMinEdit,
    imageLabel: 'Photo files',
  });

  it('starts from the listing’s photos, the cover first, with their words', () => {
    renderEditProperty();
    const [cover, second] = listing.photos;
    expect(within(photoTile(1, 2)).getByLabelText(DESCRIBE)).toHaveValue(cover?.alt);
    expect(within(photoTile(1, 2)).getByText('Cover')).toBeInTheDocument();
    expect(within(photoTile(2, 2)).getByLabelText(DESCRIBE)).toHaveValue(second?.alt);
    expect(within(photoTile(2, 2)).getByLabelText('Caption (optional)')).toHaveValue(
      second?.caption,
    );
    expect(screen.getByLabelText('Image URL')).toHaveAttribute('readonly');
  });

  it('saves the changes with the photos in order, and goes back to My Properties', async () => {
    const api = fakeApi({ [saveRoute]: saved });
    const { user, submit } = renderEditProperty();
    await fillFields(user, { Title: 'Lakeside Cottage with Jetty', Bedrooms: '3' });
    await user.selectOptions(screen.getByLabelText('Availability'), 'Pending');
    await user.click(screen.getByRole('checkbox', { name: 'Parking' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gym' }));
    await submit();

    expect(await screen.findByText('Now at /dashboard/my-properties')).toBeInTheDocument();
    expect(await screen.findByText(PROPERTY_MESSAGES.updated)).toBeInTheDocument();
    expect(api.requestsTo(saveRoute).map((request) => request.body)).toEqual([
      {
        ...listingBody(listing),
        title: 'Lakeside Cottage with Jetty',
        bedrooms: 3,
        features: ['Garden', 'Gym'],
        availability: 'Pending',
        photos: listingPhotos(),
      },
    ]);
  });

  it('makes a photo the cover, and the Image URL follows it', async () => {
    const photoUrl = '/uploads/newlake9-1600.webp';
    const api = fakeApi({
      'POST /api/uploads?purpose=listing': json({
        success: true,
        data: {
          url: photoUrl,
          thumbnailUrl: '/uploads/newlake9-480.webp',
          width: 1600,
          height: 900,
          placeholder: '1QcSHQRnh493V4dIh4eXh1h4kJUI',
        },
      }),
      [saveRoute]: saved,
    });
    const { user, submit } = renderEditProperty();
    await user.upload(screen.getByLabelText('Photo files'), picture());
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toEqual([]));
    await user.click(screen.getByRole('button', { name: 'Make cover, photo 3' }));
    expect(screen.getByRole('status')).toHaveTextContent('Photo 3 is now the cover.');
    expect(screen.getByLabelText('Image URL')).toHaveValue(`${window.location.origin}${photoUrl}`);
    await user.type(within(photoTile(1, 3)).getByLabelText(DESCRIBE), 'The lake at dawn');
    await submit();
    await screen.findByText('Now at /dashboard/my-properties');
    expect(api.requestsTo(saveRoute)[0]?.body).toMatchObject({
      photos: [{ url: photoUrl, alt: 'The lake at dawn', caption: null }, ...listingPhotos()],
    });
    expect(api.requestsTo(saveRoute)[0]?.body).not.toHaveProperty('image');
  });

  it('keeps at least one photo', async () => {
    const api = fakeApi({});
    const { user, submit } = renderEditProperty();
    await user.click(screen.getByRole('button', { name: 'Remove, photo 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove, photo 1' }));
    expect(screen.getByRole('status')).toHaveTextContent('Photo 1 removed. No photos left.');
    expect(screen.getByRole('button', { name: 'Add photos' })).toHaveFocus();
    expect(screen.getByLabelText('Image URL')).toHaveValue('');
    await submit();
    expect(await screen.findByText(PHOTO_MESSAGES.lastPhoto)).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('saves a listing from before photos were required without any', async () => {
    const api = fakeApi({ [saveRoute]: saved });
    const { submit } = renderEditProperty({ ...listing, image: null, photos: [] });
    await submit();
    await screen.findByText('Now at /dashboard/my-properties');
    expect(api.requestsTo(saveRoute)[0]?.body).not.toHaveProperty('photos');
  });

  it('submits with Enter, and moves focus to the first field to fix', async () => {
    const { user } = renderEditProperty();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Location'), '{Enter}');
    expect(await screen.findByText(PROPERTY_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveFocus();
  });

  it("puts the server's refusal under the photo it concerns and says why, staying on the form", async () => {
    fakeApi({
      [saveRoute]: refusal(400, 'Please check the highlighted fields', 'VALIDATION_FAILED', {
        'photos.1.url': PHOTO_MESSAGES.notOurs,
        'photos.0.alt': PHOTO_MESSAGES.altTooLong,
      }),
    });
    const { submit } = renderEditProperty();
    await submit();
    expect(await screen.findByText('Please check the highlighted fields')).toBeInTheDocument();
    const coverAlt = within(photoTile(1, 2)).getByLabelText(DESCRIBE);
    expect(coverAlt).toHaveAccessibleDescription(
      expect.stringContaining(PHOTO_MESSAGES.altTooLong),
    );
    expect(coverAlt).toHaveFocus();
    expect(within(photoTile(2, 2)).getByText(PHOTO_MESSAGES.notOurs)).toBeInTheDocument();
    expect(screen.queryByText(/^Now at/)).toBeNull();
  });

  it('says why an accepted offer keeps the listing as it is', async () => {
    fakeApi({
      [saveRoute]: refusal(409, PROPERTY_MESSAGES.editWhileOfferAccepted, 'CONFLICT'),
    });
    const { submit } = renderEditProperty();
    await submit();
    expect(await screen.findByText(PROPERTY_MESSAGES.editWhileOfferAccepted)).toBeInTheDocument();
  });

  it('says the update failed when the server gives no reason', async () => {
    fakeApi({ [saveRoute]: new Response(null, { status: 502 }) });
    const { submit } = renderEditProperty();
    await submit();
    expect(await screen.findByText(PROPERTY_MESSAGES.updateFailed)).toBeInTheDocument();
  });
  it('shows the listing’s pin and keeps it when it was not moved', async () => {
    const api = fakeApi({ [saveRoute]: saved });
    const { submit } = renderEditProperty();
    const shown = `Pin at ${listing.lat?.toFixed(6)}, ${listing.lng?.toFixed(6)} (latitude, longitude)`;
    expect(screen.getByText(shown)).toBeInTheDocument();
    await submit();
    await screen.findByText('Now at /dashboard/my-properties');
    expect(api.requestsTo(saveRoute)[0]?.body).not.toHaveProperty('lat');
    expect(api.requestsTo(saveRoute)[0]?.body).not.toHaveProperty('lng');
  });

  it('sends the pin where the agent moved it', async () => {
    const api = fakeApi({ [saveRoute]: saved });
    const { user, submit } = renderEditProperty();
    await user.click(screen.getByRole('button', { name: 'Move pin west' }));
    await submit();
    await screen.findByText('Now at /dashboard/my-properties');
    expect(api.requestsTo(saveRoute)[0]?.body).toMatchObject({
      lat: listing.lat,
      lng: Math.round(((listing.lng ?? 0) - 0.0005) * 1e6) / 1e6,
    });
  });

  it('removes the pin, sending it as none', async () => {
    const api = fakeApi({ [saveRoute]: saved });
    const { user, submit } = renderEditProperty();
    await user.click(screen.getByRole('button', { name: 'Remove pin' }));
    expect(screen.getByText(/will show in lists but not on the map/)).toBeInTheDocument();
    await submit();
    await screen.findByText('Now at /dashboard/my-properties');
    expect(api.requestsTo(saveRoute)[0]?.body).toMatchObject({ lat: null, lng: null });
  });
});
