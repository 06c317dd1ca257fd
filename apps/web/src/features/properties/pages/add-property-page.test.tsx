import {
  PAGE_FORMS,
  type PageFormOutcome,
  PHOTO_LIMITS,
  pageFormKey,
} from '@keyhaven/shared/constants';
import {
  IMAGE_MESSAGES,
  MESSAGES,
  PHOTO_MESSAGES,
  PROPERTY_MESSAGES,
} from '@keyhaven/shared/texts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HydrationScope, ServerRenderingContext } from '@/hooks/use-hydrated';
import { sessionQueryKey } from '@/hooks/use-session';
import { createQueryClient } from '@/lib/query-client';
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

/** What the server answers for an upload stored as `key`. */
const uploadedAs = (key: string) => ({
  success: true,
  data: {
    url: `/uploads/${key}-1600.webp`,
    thumbnailUrl: `/uploads/${key}-480.webp`,
    width: 1600,
    height: 1067,
    placeholder: '1QcSHQRnh493V4dIh4eXh1h4kJUI',
  },
});

const uploadRoute = 'POST /api/uploads?purpose=listing';

/** Answers each upload as the next of `keys`, in the order they arrive. */
function uploadsStoredAs(...keys: string[]) {
  let received = 0;
  return () => {
    const key = keys[received] ?? `extra${received}`;
    received += 1;
    return json(uploadedAs(key));
  };
}

const DESCRIBE = 'Describe this photo';
const CAPTION = 'Caption (optional)';

/** The tile of the photo at `position`, named as a screen reader reads it. */
const photoTile = (position: number, count: number) =>
  screen.getByRole('listitem', { name: `Photo ${position} of ${count}` });

/** The photos' previews in order, by the upload each shows. */
const previewsInOrder = () =>
  screen
    .getAllByRole('listitem', { name: /^Photo \d+ of \d+$/ })
    .map((tile) => tile.querySelector('img')?.getAttribute('src'));

const waitForUploads = () =>
  waitFor(() => expect(screen.queryAllByRole('progressbar')).toEqual([]));

/** An answer the test gives when it chooses, as a server still receiving the file would. */
function heldAnswer() {
  let answer: (response: Response) => void = () => {};
  const response = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { response, answer };
}

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
    imageLabel: 'Photo files',
  });

  it('asks for at least one photo, adding nothing without one', async () => {
    const api = fakeApi({});
    const { user, submit } = renderAddProperty();
    await fillFields(user, validListing);
    await submit();
    expect(await screen.findByText(PHOTO_MESSAGES.required)).toBeInTheDocument();
    const addPhotos = screen.getByRole('button', { name: 'Add photos' });
    expect(addPhotos).toHaveFocus();
    expect(addPhotos).toHaveAccessibleDescription(expect.stringContaining(PHOTO_MESSAGES.required));
    expect(api.sent).toEqual([]);
  });

  it('uploads the photos, then adds the listing with its photos, the cover first, and empties the form', async () => {
    const api = fakeApi({
      [uploadRoute]: uploadsStoredAs('lake7', 'dock8'),
      'POST /api/properties': json({ insertedId: 'new-listing-1' }, 201),
    });
    const { user, submit } = renderAddProperty();
    await fillFields(user, validListing);
    await user.selectOptions(screen.getByLabelText('Property type'), listing.propertyType);
    for (const feature of listing.features) {
      await user.click(screen.getByRole('checkbox', { name: feature }));
    }
    await user.upload(screen.getByLabelText('Photo files'), [
      picture('lake.jpg'),
      picture('dock.jpg'),
    ]);
    await waitForUploads();
    await user.type(
      within(photoTile(1, 2)).getByLabelText(DESCRIBE),
      'A white cottage by the lake',
    );
    await user.type(within(photoTile(2, 2)).getByLabelText(CAPTION), 'The jetty at dusk');
    await submit();

    expect(await screen.findByText(PROPERTY_MESSAGES.added)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/properties').map((request) => request.body)).toEqual([
      {
        ...listingBody(listing),
        availability: 'Available',
        photos: [
          { url: '/uploads/lake7-1600.webp', alt: 'A white cottage by the lake', caption: null },
          { url: '/uploads/dock8-1600.webp', alt: null, caption: 'The jetty at dusk' },
        ],
      },
    ]);
    const uploads = api.requestsTo(uploadRoute);
    expect(uploads.map((upload) => ((upload.body as FormData).get('image') as File).name)).toEqual([
      'lake.jpg',
      'dock.jpg',
    ]);
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Property type')).toHaveValue('Apartment');
    expect(screen.queryAllByRole('listitem', { name: /^Photo \d+ of/ })).toEqual([]);
  });

  it('submits with Enter, and moves focus to the first field to fix', async () => {
    const { user } = renderAddProperty();
    await user.type(screen.getByLabelText('Location'), 'Austin, TX{Enter}');
    expect(await screen.findByText(PROPERTY_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveFocus();
  });

  it('keeps what was typed and says so when the server refuses the listing', async () => {
    const api = fakeApi({
      [uploadRoute]: uploadsStoredAs('lake7'),
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
    await user.upload(screen.getByLabelText('Photo files'), picture());
    await waitForUploads();
    await user.type(screen.getByLabelText(DESCRIBE), 'The lake');
    await submit();
    expect(await screen.findByText(PROPERTY_MESSAGES.addFailed)).toBeInTheDocument();
    expectMessages({ Location: PROPERTY_MESSAGES.locationRequired });
    expect(screen.getByLabelText('Location')).toHaveFocus();
    expect(screen.getByLabelText('Title')).toHaveValue(validListing.Title);
    expect(api.requestsTo('POST /api/properties')).toHaveLength(1);
  });
});

describe('AddPropertyPage photos', () => {
  /** The form with every listing field filled and `count` photos uploaded. */
  async function withPhotos(count: number) {
    const keys = Array.from({ length: count }, (_, index) => `photo${index + 1}`);
    const api = fakeApi({
      [uploadRoute]: uploadsStoredAs(...keys),
      'POST /api/properties': json({ insertedId: 'new-listing-1' }, 201),
    });
    const view = renderAddProperty();
    await fillFields(view.user, validListing);
    await view.user.upload(
      screen.getByLabelText('Photo files'),
      keys.map((key) => picture(`${key}.jpg`)),
    );
    await waitForUploads();
    return { ...view, api, keys };
  }

  const thumbnail = (key: string) => `/uploads/${key}-480.webp`;

  it('shows each upload’s progress until the server has it', async () => {
    const held = heldAnswer();
    fakeApi({ [uploadRoute]: () => held.response });
    const { user } = renderAddProperty();
    await user.upload(screen.getByLabelText('Photo files'), picture('lake.jpg'));
    const progress = await within(photoTile(1, 1)).findByRole('progressbar', {
      name: 'Upload, photo 1',
    });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '50'));
    expect(within(photoTile(1, 1)).getByText('Uploading lake.jpg: 50%')).toBeInTheDocument();
    held.answer(json(uploadedAs('lake7')));
    await waitForUploads();
    expect(previewsInOrder()).toEqual([thumbnail('lake7')]);
    expect(screen.getByText('Cover')).toBeInTheDocument();
  });

  it('adds nothing while photos are still uploading', async () => {
    const held = heldAnswer();
    const api = fakeApi({ [uploadRoute]: () => held.response });
    const { user, submit } = renderAddProperty();
    await fillFields(user, validListing);
    await user.upload(screen.getByLabelText('Photo files'), picture());
    await user.type(screen.getByLabelText(DESCRIBE), 'The lake');
    await submit();
    expect(await screen.findByText(PHOTO_MESSAGES.stillUploading)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add photos' })).toHaveFocus();
    held.answer(json(uploadedAs('lake7')));
    await waitFor(() => expect(screen.queryByText(PHOTO_MESSAGES.stillUploading)).toBeNull());
    expect(api.requestsTo('POST /api/properties')).toEqual([]);
  });

  it('says why an upload failed, and uploads it again on Retry', async () => {
    let attempts = 0;
    const api = fakeApi({
      [uploadRoute]: () => {
        attempts += 1;
        return attempts === 1
          ? refusal(503, IMAGE_MESSAGES.busy, 'UNAVAILABLE')
          : json(uploadedAs('lake7'));
      },
    });
    const { user, submit } = renderAddProperty();
    await fillFields(user, validListing);
    await user.upload(screen.getByLabelText('Photo files'), picture('lake.jpg'));
    const tile = photoTile(1, 1);
    expect(
      await within(tile).findByText(
        `lake.jpg: ${MESSAGES.upload.failedTitle}: ${IMAGE_MESSAGES.busy}`,
      ),
    ).toBeInTheDocument();
    await submit();
    expect(await screen.findByText(PHOTO_MESSAGES.uploadFailed)).toBeInTheDocument();
    await user.click(within(tile).getByRole('button', { name: 'Retry, photo 1' }));
    await waitFor(() => expect(previewsInOrder()).toEqual([thumbnail('lake7')]));
    expect(screen.queryByText(PHOTO_MESSAGES.uploadFailed)).toBeNull();
    expect(api.requestsTo(uploadRoute)).toHaveLength(2);
    expect(api.requestsTo('POST /api/properties')).toEqual([]);
  });

  it('refuses files that are not pictures or too large, and uploads the others chosen with them', async () => {
    const api = fakeApi({ [uploadRoute]: uploadsStoredAs('lake7') });
    const { user } = renderAddProperty();
    const refused = imageRefusals();
    await user.upload(screen.getByLabelText('Photo files'), [
      refused[0][1],
      picture('lake.jpg'),
      refused[1][1],
    ]);
    for (const [, file, message] of refused) {
      expect(screen.getByText(`${file.name}: ${message}`)).toBeInTheDocument();
    }
    await waitForUploads();
    expect(previewsInOrder()).toEqual([thumbnail('lake7')]);
    expect(api.requestsTo(uploadRoute)).toHaveLength(1);
  });

  it('refuses files beyond the 30 a listing holds, adding the ones that fit', async () => {
    const api = fakeApi({ [uploadRoute]: uploadsStoredAs() });
    const { user } = renderAddProperty();
    const input = screen.getByLabelText('Photo files');
    const files = (count: number, from: number) =>
      Array.from({ length: count }, (_, index) => picture(`home${from + index}.jpg`));
    await user.upload(input, files(PHOTO_LIMITS.maxPerListing - 2, 0));
    await waitForUploads();
    await user.upload(input, files(5, 100));
    expect(await screen.findByText(PHOTO_MESSAGES.overLimit(2))).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(expect.stringContaining(PHOTO_MESSAGES.overLimit(2)));
    await waitForUploads();
    expect(previewsInOrder()).toHaveLength(PHOTO_LIMITS.maxPerListing);
    expect(api.requestsTo(uploadRoute)).toHaveLength(PHOTO_LIMITS.maxPerListing);
    await user.upload(input, files(1, 200));
    expect(await screen.findByText(PHOTO_MESSAGES.overLimit(0))).toBeInTheDocument();
    expect(api.requestsTo(uploadRoute)).toHaveLength(PHOTO_LIMITS.maxPerListing);
  }, 30_000);

  it('moves photos with the keyboard, reading out each move, with focus staying on the button', async () => {
    const { user } = await withPhotos(3);
    const moveDown = within(photoTile(1, 3)).getByRole('button', { name: 'Move down, photo 1' });
    moveDown.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Photo moved to position 2 of 3.');
    expect(previewsInOrder()).toEqual([
      thumbnail('photo2'),
      thumbnail('photo1'),
      thumbnail('photo3'),
    ]);
    expect(moveDown).toHaveFocus();
    expect(moveDown).toHaveAccessibleName('Move down, photo 2');

    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Photo moved to position 3 of 3.');
    expect(moveDown).toHaveFocus();
    // At the end, Move down stays where it is, and says it cannot act.
    expect(moveDown).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(previewsInOrder()).toEqual([
      thumbnail('photo2'),
      thumbnail('photo3'),
      thumbnail('photo1'),
    ]);

    await user.tab({ shift: true });
    expect(within(photoTile(3, 3)).getByRole('button', { name: 'Move up, photo 3' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('status')).toHaveTextContent('Photo moved to position 2 of 3.');
    expect(previewsInOrder()).toEqual([
      thumbnail('photo2'),
      thumbnail('photo1'),
      thumbnail('photo3'),
    ]);
  });

  it('makes a photo the cover, reading it out and keeping focus on it', async () => {
    const { user } = await withPhotos(3);
    const makeCover = screen.getByRole('button', { name: 'Make cover, photo 3' });
    await user.click(makeCover);
    expect(screen.getByRole('status')).toHaveTextContent('Photo 3 is now the cover.');
    expect(previewsInOrder()).toEqual([
      thumbnail('photo3'),
      thumbnail('photo1'),
      thumbnail('photo2'),
    ]);
    expect(within(photoTile(1, 3)).getByText('Cover')).toBeInTheDocument();
    expect(makeCover).toHaveFocus();
    expect(makeCover).toHaveAccessibleName('Make cover, photo 1');
    expect(makeCover).toHaveAttribute('aria-disabled', 'true');
  });

  it('removes a photo, and cancels one still uploading', async () => {
    const held = heldAnswer();
    let received = 0;
    fakeApi({
      [uploadRoute]: () => {
        received += 1;
        return received === 3 ? held.response : json(uploadedAs(`photo${received}`));
      },
    });
    const { user } = renderAddProperty();
    await user.upload(
      screen.getByLabelText('Photo files'),
      [1, 2, 3].map((n) => picture(`photo${n}.jpg`)),
    );
    await waitFor(() => expect(screen.getAllByRole('progressbar')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Remove, photo 3' }));
    expect(screen.getByRole('status')).toHaveTextContent('Photo 3 removed. 2 photos left.');
    held.answer(json(uploadedAs('late9')));
    await user.click(screen.getByRole('button', { name: 'Remove, photo 1' }));
    expect(screen.getByRole('status')).toHaveTextContent('Photo 1 removed. 1 photo left.');
    expect(previewsInOrder()).toEqual([thumbnail('photo2')]);
    expect(screen.getByRole('button', { name: 'Remove, photo 1' })).toHaveFocus();
  });

  it('asks for the cover’s description, on the cover', async () => {
    const { user, submit, api } = await withPhotos(2);
    await user.type(within(photoTile(2, 2)).getByLabelText(DESCRIBE), 'The kitchen');
    await submit();
    const coverAlt = within(photoTile(1, 2)).getByLabelText(DESCRIBE);
    await waitFor(() => expect(coverAlt).toBeInvalid());
    expect(coverAlt).toHaveAccessibleDescription(
      expect.stringContaining(PHOTO_MESSAGES.coverAltRequired),
    );
    expect(coverAlt).toHaveFocus();
    expect(api.requestsTo('POST /api/properties')).toEqual([]);

    // The described photo becomes the cover: nothing is missing any more.
    await user.click(screen.getByRole('button', { name: 'Make cover, photo 2' }));
    await waitFor(() => expect(screen.queryByText(PHOTO_MESSAGES.coverAltRequired)).toBeNull());
    await submit();
    expect(await screen.findByText(PROPERTY_MESSAGES.added)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/properties')[0]?.body).toMatchObject({
      photos: [
        { url: '/uploads/photo2-1600.webp', alt: 'The kitchen', caption: null },
        { url: '/uploads/photo1-1600.webp', alt: null, caption: null },
      ],
    });
  });

  it("puts the server's refusal of a photo on that photo", async () => {
    const { user, submit } = await withPhotos(3);
    fakeApi({
      'POST /api/properties': refusal(
        400,
        'Please check the highlighted fields',
        'VALIDATION_FAILED',
        {
          'photos.2.url': PHOTO_MESSAGES.notOurs,
          'photos.1.alt': PHOTO_MESSAGES.altTooLong,
        },
      ),
    });
    await user.type(within(photoTile(1, 3)).getByLabelText(DESCRIBE), 'The front door');
    await submit();
    expect(await screen.findByText(PROPERTY_MESSAGES.addFailed)).toBeInTheDocument();
    const secondAlt = within(photoTile(2, 3)).getByLabelText(DESCRIBE);
    expect(secondAlt).toBeInvalid();
    expect(secondAlt).toHaveAccessibleDescription(
      expect.stringContaining(PHOTO_MESSAGES.altTooLong),
    );
    expect(secondAlt).toHaveFocus();
    expect(within(photoTile(3, 3)).getByText(PHOTO_MESSAGES.notOurs)).toBeInTheDocument();
    expect(within(photoTile(1, 3)).getByLabelText(DESCRIBE)).toBeValid();
  });
});

describe('AddPropertyPage before the app runs', () => {
  /** The page as the server renders it for the agent, answering `posted` when given. */
  function page(posted?: PageFormOutcome, alive = false) {
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionQueryKey, { user: agent });
    if (posted) queryClient.setQueryData(pageFormKey(PAGE_FORMS.addProperty), posted);
    const tree = (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/dashboard/add-property']}>
          <AddPropertyPage />
        </MemoryRouter>
      </QueryClientProvider>
    );
    return alive ? (
      <HydrationScope>{tree}</HydrationScope>
    ) : (
      <ServerRenderingContext value={true}>{tree}</ServerRenderingContext>
    );
  }

  function drawnOnServer(posted?: PageFormOutcome) {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(posted));
    document.body.append(container);
    const form = container.querySelector('form') as HTMLFormElement;
    return { container, form };
  }

  it('posts its fields and photos to its own page, every field named as the API names it', () => {
    const { container, form } = drawnOnServer();
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/dashboard/add-property');
    expect(form.getAttribute('enctype')).toBe('multipart/form-data');
    expect(form.hasAttribute('data-app-form')).toBe(false);
    const names = new Set(
      [...form.elements].map((element) => (element as HTMLInputElement).name).filter(Boolean),
    );
    expect([...names].sort()).toEqual(
      [
        '_form',
        'areaSize',
        'bathrooms',
        'bedrooms',
        'description',
        'features',
        'location',
        'maxPrice',
        'minPrice',
        'photos',
        'propertyType',
        'title',
      ].sort(),
    );
    // The photos are a plain file field until the app's photo manager takes over.
    const photos = within(form).getByLabelText('Photo files') as HTMLInputElement;
    expect(photos).toMatchObject({
      type: 'file',
      name: 'photos',
      multiple: true,
      accept: 'image/*',
    });
    expect(photos).not.toHaveClass('sr-only');
    expect(within(form).queryByRole('button', { name: 'Add photos' })).toBeNull();
    container.remove();
  });

  it('shows what a refused post sent and the server’s messages in place', () => {
    const { container, form } = drawnOnServer({
      form: PAGE_FORMS.addProperty,
      status: 400,
      values: { title: '', location: 'Austin, Texas', propertyType: 'House', bedrooms: '' },
      ticked: { features: ['Garden'] },
      errors: { title: PROPERTY_MESSAGES.titleRequired, photos: PHOTO_MESSAGES.required },
    });
    const inForm = within(form);
    expect(inForm.getByLabelText('Location')).toHaveValue('Austin, Texas');
    expect(inForm.getByLabelText('Property type')).toHaveValue('House');
    expect(inForm.getByRole('checkbox', { name: 'Garden' })).toBeChecked();
    expect(inForm.getByRole('checkbox', { name: 'Parking' })).not.toBeChecked();
    expect(inForm.getByLabelText('Title')).toHaveAccessibleDescription(
      PROPERTY_MESSAGES.titleRequired,
    );
    expect(inForm.getByLabelText('Photo files')).toHaveAccessibleDescription(
      expect.stringContaining(PHOTO_MESSAGES.required),
    );
    container.remove();
  });

  it('hands photos chosen in the plain field to the photo manager once the app runs', async () => {
    const api = fakeApi({ [uploadRoute]: uploadsStoredAs('early1', 'early2') });
    const { container } = drawnOnServer();
    const field = within(container).getByLabelText('Photo files') as HTMLInputElement;
    const chosen = [picture('front.jpg'), picture('garden.jpg')];
    Object.defineProperty(field, 'files', { value: chosen, configurable: true });

    const root = await act(async () => hydrateRoot(container, page(undefined, true)));
    expect(await within(container).findByRole('button', { name: 'Add photos' })).toBeVisible();
    // The same field, now the manager's own, hidden behind Add photos.
    expect(within(container).getByLabelText('Photo files')).toBe(field);
    expect(field).toHaveClass('sr-only');
    // What the page's early-interaction holder does once the app is ready.
    fireEvent.change(field);
    await waitFor(() => expect(api.requestsTo(uploadRoute)).toHaveLength(2));
    expect(
      api
        .requestsTo(uploadRoute)
        .map((upload) => ((upload.body as FormData).get('image') as File).name),
    ).toEqual(['front.jpg', 'garden.jpg']);
    act(() => root.unmount());
    container.remove();
  });
});
