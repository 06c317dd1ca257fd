import { LIMITS } from '@keyhaven/shared/constants';
import { REVIEW_MESSAGES } from '@keyhaven/shared/texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { buyer, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { ReviewDialog, type ReviewDialogProps } from './review-dialog';

const saved = json({ insertedId: 'review-1', message: REVIEW_MESSAGES.submitted }, 201);

function renderReview(props: Partial<ReviewDialogProps> = {}) {
  const onOpenChange = vi.fn();
  const view = renderInApp(
    <ReviewDialog open onOpenChange={onOpenChange} target={{ reviewFor: 'website' }} {...props} />,
    { signedInAs: buyer },
  );
  const dialog = screen.getByRole('dialog');
  const submit = () =>
    view.user.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
  return { ...view, onOpenChange, dialog, submit };
}

const sentReviews = (api: ReturnType<typeof fakeApi>) =>
  api.requestsTo('POST /api/reviews').map((request) => request.body);

describe('ReviewDialog', () => {
  it('starts at the default rating, on the chosen star', () => {
    renderReview();
    const chosen = screen.getByRole('radio', { name: `${LIMITS.ratingDefault} stars` });
    expect(chosen).toBeChecked();
    expect(chosen).toHaveFocus();
  });

  it('posts a website review with the rating, the trimmed title and the text, then closes', async () => {
    const api = fakeApi({ 'POST /api/reviews': saved });
    const { user, submit, onOpenChange } = renderReview();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText('Title'), '  Smooth purchase  ');
    await user.type(screen.getByLabelText('Your review'), 'Clear steps from offer to keys.');
    await submit();
    expect(await screen.findByText(REVIEW_MESSAGES.submitted)).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(sentReviews(api)).toEqual([
      {
        reviewFor: 'website',
        rating: 4,
        title: 'Smooth purchase',
        text: 'Clear steps from offer to keys.',
      },
    ]);
  });

  it('posts a rating alone for a listing, naming the listing', async () => {
    const api = fakeApi({ 'POST /api/reviews': saved });
    const { submit, onOpenChange } = renderReview({
      target: { reviewFor: 'property', propertyId: listing._id, propertyTitle: listing.title },
    });
    expect(screen.getByRole('dialog', { name: 'Review This Property' })).toBeInTheDocument();
    await submit();
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sentReviews(api)).toEqual([
      {
        reviewFor: 'property',
        propertyId: listing._id,
        rating: LIMITS.ratingDefault,
        title: '',
        text: '',
      },
    ]);
  });

  it('refuses a title and a review longer than a review may be, and sends nothing', async () => {
    const api = fakeApi({});
    const { submit, onOpenChange } = renderReview({
      previous: { rating: 3, title: 'T'.repeat(121), text: 'R'.repeat(4001) },
    });
    await submit();
    expect(await screen.findByText('At most 120 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('At most 120 characters');
    expect(screen.getByLabelText('Your review')).toHaveAccessibleDescription(
      'At most 4000 characters',
    );
    expect(sentReviews(api)).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('submits with Enter, and moves focus to the first field to fix', async () => {
    const { user } = renderReview({ previous: { rating: 3, title: '', text: 'R'.repeat(4001) } });
    await user.type(screen.getByLabelText('Title'), 'Too much to say{Enter}');
    expect(await screen.findByText('At most 4000 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Your review')).toHaveFocus();
  });

  it("puts the server's field messages under their fields and says why inside the dialog", async () => {
    const ratingRefused = 'Rating must be from 1 to 5';
    const titleRefused = 'At most 120 characters';
    fakeApi({
      'POST /api/reviews': refusal(
        400,
        'Please check the highlighted fields',
        'VALIDATION_FAILED',
        {
          rating: ratingRefused,
          title: titleRefused,
        },
      ),
    });
    const { dialog, submit, onOpenChange } = renderReview();
    await submit();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(REVIEW_MESSAGES.failedTitle);
    expect(alert).toHaveTextContent('Please check the highlighted fields');
    expect(within(dialog).getByRole('group', { name: 'Rating' })).toHaveAccessibleDescription(
      ratingRefused,
    );
    expect(within(dialog).getByLabelText('Title')).toHaveAccessibleDescription(titleRefused);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('says why a refused reviewer cannot post, in the words of the server', async () => {
    const buyersOnly = 'Only buyer accounts can post reviews.';
    fakeApi({ 'POST /api/reviews': refusal(403, buyersOnly, 'FORBIDDEN') });
    const { dialog, submit } = renderReview();
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(buyersOnly);
  });

  it('says something went wrong when the server gives no reason', async () => {
    fakeApi({ 'POST /api/reviews': new Response(null, { status: 500 }) });
    const { dialog, submit } = renderReview();
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.failed);
  });
});
