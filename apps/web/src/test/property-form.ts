import type { Property } from '@keyhaven/shared';
import { MESSAGES, PROPERTY_MESSAGES } from '@keyhaven/shared/texts';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { fakeApi } from './fake-api';
import { fillFields } from './fill';
import { listing, refusedFiles } from './fixtures';

/** The labels of the listing fields the add and edit forms share. */
export type ListingField =
  | 'Title'
  | 'Location'
  | 'Description'
  | 'Minimum price ($)'
  | 'Maximum price ($)'
  | 'Bedrooms'
  | 'Bathrooms'
  | 'Area size (sqft)';

export type ListingInput = Partial<Record<ListingField, string>>;

/** What the fields hold for `listing`, which every check accepts. */
export const validListing: Record<ListingField, string> = {
  Title: listing.title,
  Location: listing.location,
  Description: listing.description,
  'Minimum price ($)': String(listing.minPrice),
  'Maximum price ($)': String(listing.maxPrice),
  Bedrooms: String(listing.bedrooms),
  Bathrooms: String(listing.bathrooms),
  'Area size (sqft)': String(listing.areaSize),
};

/** The fields of a listing that the forms send, as the API takes them. */
export function listingBody(property: Property) {
  const { title, description, location, propertyType, minPrice, maxPrice } = property;
  const { bedrooms, bathrooms, areaSize, features } = property;
  return {
    ...{ title, description, location, propertyType, minPrice, maxPrice },
    ...{ bedrooms, bathrooms, areaSize, features },
  };
}

/** Each field holding what it holds, and the message it shows under it. */
type Refusals = { input: ListingInput; messages: Partial<Record<ListingField, string>> };

/**
 * Every message a listing field can show, in rounds that each leave one problem per field. The
 * maximum price's check against the minimum differs between the forms, so it is passed in.
 */
const listingRefusals = (maxBelowMin: string): [string, Refusals][] => [
  [
    'empty fields',
    {
      input: Object.fromEntries(Object.keys(validListing).map((label) => [label, ''])),
      messages: {
        Title: PROPERTY_MESSAGES.titleRequired,
        Location: PROPERTY_MESSAGES.locationRequired,
        Description: PROPERTY_MESSAGES.descriptionTooShort,
        'Minimum price ($)': PROPERTY_MESSAGES.minPriceRequired,
        'Maximum price ($)': PROPERTY_MESSAGES.maxPriceRequired,
        Bedrooms: PROPERTY_MESSAGES.bedroomsRequired,
        Bathrooms: PROPERTY_MESSAGES.bathroomsRequired,
        'Area size (sqft)': PROPERTY_MESSAGES.areaRequired,
      },
    },
  ],
  [
    'spaces only, a short description and negative numbers',
    {
      input: {
        Title: '   ',
        Location: '  ',
        Description: 'Nice view. Cozy.',
        'Minimum price ($)': '-1',
        Bedrooms: '-1',
        Bathrooms: '-0.5',
        'Area size (sqft)': '-10',
      },
      messages: {
        Title: PROPERTY_MESSAGES.titleRequired,
        Location: PROPERTY_MESSAGES.locationRequired,
        Description: PROPERTY_MESSAGES.descriptionTooShort,
        'Minimum price ($)': PROPERTY_MESSAGES.pricePositive,
        Bedrooms: PROPERTY_MESSAGES.roomsPositive,
        Bathrooms: PROPERTY_MESSAGES.roomsPositive,
        'Area size (sqft)': PROPERTY_MESSAGES.areaPositive,
      },
    },
  ],
  [
    'fractions a field cannot take, and a price beyond any home',
    {
      input: {
        'Minimum price ($)': '250000.005',
        'Maximum price ($)': '1000000001',
        Bedrooms: '2.5',
        Bathrooms: '1.25',
        'Area size (sqft)': '1200.5',
      },
      messages: {
        'Minimum price ($)': PROPERTY_MESSAGES.priceCents,
        'Maximum price ($)': 'Price is too large',
        Bedrooms: PROPERTY_MESSAGES.bedroomsWhole,
        Bathrooms: PROPERTY_MESSAGES.bathroomsStep,
        'Area size (sqft)': 'Use whole square feet',
      },
    },
  ],
  [
    'more bedrooms, bathrooms and square feet than any home has, in the words the server uses',
    {
      input: { Bedrooms: '1001', Bathrooms: '1000.5', 'Area size (sqft)': '100000001' },
      messages: {
        Bedrooms: 'Bedrooms must be at most 1000',
        Bathrooms: 'Bathrooms must be at most 1000',
        'Area size (sqft)': 'Area size must be at most 100000000',
      },
    },
  ],
  [
    'numbers in exponent notation, which a number field takes and the server does not',
    {
      input: {
        'Minimum price ($)': '2.5e5',
        Bedrooms: '3e0',
        Bathrooms: '2e0',
        'Area size (sqft)': '1.8e3',
      },
      messages: {
        'Minimum price ($)': 'Enter the price in digits',
        Bedrooms: 'Enter the number of bedrooms in digits',
        Bathrooms: 'Enter the number of bathrooms in digits',
        'Area size (sqft)': 'Enter the area size in digits',
      },
    },
  ],
  [
    'a maximum price below the minimum',
    {
      input: { 'Minimum price ($)': '300000', 'Maximum price ($)': '200000' },
      messages: { 'Maximum price ($)': maxBelowMin },
    },
  ],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each field shows exactly its message, read out with the field (after its hint, if it has one),
 * and is marked invalid.
 */
export function expectMessages(messages: Refusals['messages']) {
  for (const [label, message] of Object.entries(messages)) {
    const field = screen.getByLabelText(label);
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(
      expect.stringMatching(new RegExp(`(^|\\. )${escapeRegExp(message)}$`)),
    );
  }
}

/** What the image field says under itself for each refused file. */
type ImageRefusal = [what: string, file: File, message: string];

export const imageRefusals = (): [ImageRefusal, ImageRefusal] => {
  const { upload } = MESSAGES;
  const files = refusedFiles();
  return [
    [
      'a file that is not a picture',
      files.notAPicture,
      `${upload.invalidTypeTitle}: ${upload.invalidType}`,
    ],
    [
      'a picture over the size limit',
      files.tooLarge,
      `${upload.tooLargeTitle}: ${upload.tooLarge}`,
    ],
  ];
};

type ListingForm = { user: UserEvent; submit: () => Promise<void> };

/**
 * The tests both listing forms pass: every message of the listing fields, and refused image files
 * named under the field `imageLabel` and never uploaded.
 */
export function itChecksTheListingFields(
  renderForm: () => ListingForm,
  { maxBelowMin, imageLabel }: { maxBelowMin: string; imageLabel: string },
) {
  it.each(listingRefusals(maxBelowMin))(
    'refuses %s, each with its message',
    async (_, { input, messages }) => {
      const api = fakeApi({});
      const { user, submit } = renderForm();
      await fillFields(user, { ...validListing, ...input });
      await submit();
      await screen.findByText(Object.values(messages)[0] ?? '');
      expectMessages(messages);
      expect(api.sent).toEqual([]);
    },
  );

  it.each(imageRefusals())(
    'refuses %s as the image, without uploading it',
    async (_, file, message) => {
      const api = fakeApi({});
      const { user } = renderForm();
      const imageField = screen.getByLabelText(imageLabel);
      await user.upload(imageField, file);
      expect(imageField).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(api.sent).toEqual([]);
    },
  );
}
