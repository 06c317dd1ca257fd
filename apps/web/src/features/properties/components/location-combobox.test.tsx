import { GEO_MESSAGES } from '@keyhaven/shared';
import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { fillFields } from '@/test/fill';
import { agent, listing, picture } from '@/test/fixtures';
import { listingBody, validListing } from '@/test/property-form';
import { renderInApp } from '@/test/render';
import { AddPropertyPage } from '../pages/add-property-page';

const LYON = {
  name: 'Lyon',
  region: null,
  country: 'FR',
  label: 'Lyon, France',
  lat: 45.74846,
  lng: 4.84671,
};
const LYONS = {
  name: 'Lyons',
  region: 'Illinois',
  country: 'US',
  label: 'Lyons, Illinois',
  lat: 41.81337,
  lng: -87.81811,
};
const LYO = 'GET /api/places?q=lyo';

function renderAddProperty() {
  const view = renderInApp(<AddPropertyPage />, {
    signedInAs: agent,
    path: '/dashboard/add-property',
  });
  const location = screen.getByRole('combobox', { name: 'Location' });
  return { ...view, location };
}

const options = () =>
  within(screen.getByRole('listbox', { name: 'Places' })).getAllByRole('option');

describe('the Location field', () => {
  it('suggests the cities that start with what the agent types, as a combobox', async () => {
    const api = fakeApi({ [LYO]: json([LYON, LYONS]) });
    const { user, location } = renderAddProperty();
    expect(location).toHaveAttribute('aria-expanded', 'false');
    await user.type(location, 'lyo');
    expect(await screen.findByRole('option', { name: 'Lyon, France' })).toBeInTheDocument();
    expect(options().map((option) => option.textContent)).toEqual([
      'Lyon, France',
      'Lyons, Illinois',
    ]);
    expect(location).toHaveAttribute('aria-expanded', 'true');
    expect(location).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    // Asked once, after the typing paused, not once per letter.
    expect(api.sent.filter((request) => request.path.startsWith('/api/places'))).toHaveLength(1);
  });

  it('moves through the suggestions with the arrow keys and takes one with Enter', async () => {
    const api = fakeApi({ [LYO]: json([LYON, LYONS]) });
    const { user, location } = renderAddProperty();
    await user.type(location, 'lyo');
    await screen.findByRole('option', { name: 'Lyon, France' });

    await user.keyboard('{ArrowDown}');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    expect(location).toHaveAttribute('aria-activedescendant', options()[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');

    expect(location).toHaveValue('Lyon, France');
    expect(location).toHaveAttribute('aria-expanded', 'false');
    expect(location).not.toHaveAttribute('aria-activedescendant');
    expect(
      screen.getByText('Pin at 45.748460, 4.846710 (latitude, longitude)'),
    ).toBeInTheDocument();
    // Enter took the suggestion; it did not send the form.
    expect(api.requestsTo('POST /api/properties')).toEqual([]);
  });

  it('closes the suggestions with Escape and keeps the agent’s own words', async () => {
    fakeApi({ [LYO]: json([LYON, LYONS]) });
    const { user, location } = renderAddProperty();
    await user.type(location, 'lyo');
    await screen.findByRole('option', { name: 'Lyon, France' });
    await user.keyboard('{Escape}');
    expect(location).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option', { name: 'Lyon, France' })).not.toBeInTheDocument();
    expect(location).toHaveValue('lyo');
    expect(screen.getByText(/will show in lists but not on the map/)).toBeInTheDocument();
  });

  it('takes a suggestion with a click', async () => {
    fakeApi({ [LYO]: json([LYON, LYONS]) });
    const { user, location } = renderAddProperty();
    await user.type(location, 'lyo');
    await user.click(await screen.findByRole('option', { name: 'Lyons, Illinois' }));
    expect(location).toHaveValue('Lyons, Illinois');
    expect(
      screen.getByText('Pin at 41.813370, -87.818110 (latitude, longitude)'),
    ).toBeInTheDocument();
  });
});

const added = json({ insertedId: 'new-listing-1' }, 201);

/** The listing's one photo, uploaded as the form is filled. */
const photoUpload = {
  'POST /api/uploads?purpose=listing': json({
    success: true,
    data: {
      url: '/uploads/lyon1-1600.webp',
      thumbnailUrl: '/uploads/lyon1-480.webp',
      width: 1600,
      height: 1067,
      placeholder: '1QcSHQRnh493V4dIh4eXh1h4kJUI',
    },
  }),
};
const sentPhotos = [{ url: '/uploads/lyon1-1600.webp', alt: 'The house in Lyon', caption: null }];

/** Opens the add form with Lyon chosen as its place, the pin on it. */
async function addFormInLyon() {
  const view = renderAddProperty();
  await view.user.type(view.location, 'lyo');
  await view.user.click(await screen.findByRole('option', { name: 'Lyon, France' }));
  const submitRest = async () => {
    const { Location: _, ...rest } = validListing;
    await fillFields(view.user, rest);
    await view.user.upload(screen.getByLabelText('Photo files'), picture());
    await waitFor(() => expect(screen.queryAllByRole('progressbar')).toEqual([]));
    await view.user.type(screen.getByLabelText('Describe this photo'), 'The house in Lyon');
    await view.user.click(screen.getByRole('button', { name: 'Add Property' }));
  };
  return { ...view, submitRest };
}

describe('the map pin', () => {
  it('is sent with the listing where the agent moved it', async () => {
    const api = fakeApi({ [LYO]: json([LYON]), ...photoUpload, 'POST /api/properties': added });
    const { user, submitRest } = await addFormInLyon();
    await user.click(screen.getByRole('button', { name: 'Move pin north' }));
    await user.click(screen.getByRole('button', { name: 'Move pin east' }));
    // Arrow keys on the move buttons nudge it too.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(
      screen.getByText('Pin at 45.747960, 4.847210 (latitude, longitude)'),
    ).toBeInTheDocument();

    await submitRest();
    expect(await screen.findByText(PROPERTY_MESSAGES.added)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/properties').map((request) => request.body)).toEqual([
      {
        ...listingBody(listing),
        propertyType: 'Apartment',
        features: [],
        location: 'Lyon, France',
        availability: 'Available',
        photos: sentPhotos,
        lat: 45.74796,
        lng: 4.84721,
      },
    ]);
  });

  it('is left out of the listing once removed, and the form says what that means', async () => {
    const api = fakeApi({ [LYO]: json([LYON]), ...photoUpload, 'POST /api/properties': added });
    const { user, submitRest } = await addFormInLyon();
    await user.click(screen.getByRole('button', { name: 'Remove pin' }));
    expect(screen.getByText(/will show in lists but not on the map/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move pin north' })).not.toBeInTheDocument();

    await submitRest();
    expect(await screen.findByText(PROPERTY_MESSAGES.added)).toBeInTheDocument();
    const [sent] = api.requestsTo('POST /api/properties');
    expect(sent?.body).not.toHaveProperty('lat');
    expect(sent?.body).not.toHaveProperty('lng');
  });

  it('shows the server’s refusal of a coordinate by the map', async () => {
    fakeApi({
      [LYO]: json([LYON]),
      ...photoUpload,
      'POST /api/properties': refusal(400, GEO_MESSAGES.latitudeRange, 'VALIDATION_FAILED', {
        lat: GEO_MESSAGES.latitudeRange,
      }),
    });
    const { submitRest } = await addFormInLyon();
    await submitRest();
    expect(await screen.findByText(PROPERTY_MESSAGES.addFailed)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Map position' })).toHaveAccessibleDescription(
      GEO_MESSAGES.latitudeRange,
    );
  });
});
