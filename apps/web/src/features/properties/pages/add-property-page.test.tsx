import { PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { fillFields } from '@/test/fill';
import { agent, listing, picture } from '@/test/fixtures';
import {
  expectMessages,
  imageRefusals,
  itChecksTheListingFields,
  listingBody,
  validListing,
} from '@/test/property-form';
import { renderInApp } from '@/test/render';
import { AddPropertyPage } from './add-property-page';

const uploaded = {
  success: true,
  data: {
    url: '/uploads/lake7-1600.webp',
    thumbnailUrl: '/uploads/lake7-480.webp',
    width: 1600,
    height: 1067,
  },
};

function renderAddProperty() {
  const view = renderInApp(<AddPropertyPage />, {
    signedInAs: agent,
    path: '/dashboard/add-property',
  });
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Add Property' }));
  return { ...view, submit };
}

describe('AddPropertyPage', () => {
  it('names the agent, and starts as an Available Apartment with no features', () => {
    renderAddProperty();
    expect(screen.getByLabelText('Agent name')).toHaveValue(agent.name);
    expect(screen.getByLabelText('Agent email')).toHaveValue(agent.email);
    expect(screen.getByLabelText('Property type')).toHaveValue('Apartment');
    expect(screen.getByLabelText('Availability')).toHaveValue('Available');
    for (const checkbox of screen.getAllByRole('checkbox')) expect(checkbox).not.toBeChecked();
  });

  itChecksTheListingFields(renderAddProperty, {
    maxBelowMin: PROPERTY_MESSAGES.maxBelowMinAdd,
    imageLabel: 'Property image',
  });

  it('adds nothing while the chosen image is refused', async () => {
    const api = fakeApi({});
    const { user, submit } = renderAddProperty();
    const [[, file, message]] = imageRefusals();
    await user.upload(screen.getByLabelText('Property image'), file);
    await fillFields(user, validListing);
    await submit();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('uploads the image, then adds the listing with numbers as numbers, and empties the form', async () => {
    const api = fakeApi({
      'POST /api/uploads?purpose=listing': json(uploaded),
      'POST /api/properties': json({ insertedId: 'new-listing-1' }, 201),
    });
    const { user, submit } = renderAddProperty();
    await fillFields(user, validListing);
    await user.selectOptions(screen.getByLabelText('Property type'), listing.propertyType);
    for (const feature of listing.features) {
      await user.click(screen.getByRole('checkbox', { name: feature }));
    }
    await user.upload(screen.getByLabelText('Property image'), picture());
    await submit();

    expect(await screen.findByText(PROPERTY_MESSAGES.added)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/properties').map((request) => request.body)).toEqual([
      { ...listingBody(listing), availability: 'Available', image: uploaded.data.url },
    ]);
    const uploads = api.requestsTo('POST /api/uploads?purpose=listing');
    expect(uploads.map((upload) => (upload.body as FormData).get('image'))).toEqual([
      expect.any(File),
    ]);
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Property type')).toHaveValue('Apartment');
  });

  it('submits with Enter, and moves focus to the first field to fix', async () => {
    const { user } = renderAddProperty();
    await user.type(screen.getByLabelText('Location'), 'Austin, TX{Enter}');
    expect(await screen.findByText(PROPERTY_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveFocus();
  });

  it('keeps what was typed and says so when the server refuses the listing', async () => {
    const api = fakeApi({
      'POST /api/properties': refusal(
        400,
        'Please check the highlighted fields',
        'VALIDATION_FAILED',
        {
          location: PROPERTY_MESSAGES.locationRequired,
        },
      ),
    });
    const { user, submit } = renderAddProperty();
    await fillFields(user, validListing);
    await submit();
    expect(await screen.findByText(PROPERTY_MESSAGES.addFailed)).toBeInTheDocument();
    expectMessages({ Location: PROPERTY_MESSAGES.locationRequired });
    expect(screen.getByLabelText('Location')).toHaveFocus();
    expect(screen.getByLabelText('Title')).toHaveValue(validListing.Title);
    expect(api.requestsTo('POST /api/properties')).toHaveLength(1);
  });
});
