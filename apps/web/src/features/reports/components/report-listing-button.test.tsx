import { REPORT_REASON_LABELS } from '@keyhaven/shared/constants';
import { REPORT_MESSAGES } from '@keyhaven/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { agent, buyer, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { REPORT_TEXT, reportNoteLengthLabel } from '../texts';
import { ReportListingButton } from './report-listing-button';

const REPORT = `POST /api/properties/${listing._id}/reports`;
const MY_REPORT = `GET /api/properties/${listing._id}/my-report`;
const noReport = () => json({ report: null });
const aReport = () =>
  json({
    report: {
      _id: '00000000-0000-4000-8000-000000000001',
      reason: 'already_sold',
      note: '',
      createdAt: '2026-11-20T09:30:00.000Z',
    },
  });

function renderButton(signedInAs = buyer) {
  return renderInApp(<ReportListingButton property={listing} />, { signedInAs });
}

async function openDialog(view: ReturnType<typeof renderButton>) {
  await view.user.click(await screen.findByRole('button', { name: REPORT_TEXT.report }));
  return screen.findByRole('dialog', { name: REPORT_TEXT.dialogTitle });
}

describe('ReportListingButton', () => {
  it('sends the chosen reason and note, toasts the thanks, and says the listing was reported', async () => {
    let reported = false;
    const api = fakeApi({
      [MY_REPORT]: () => (reported ? aReport() : noReport()),
      [REPORT]: () => {
        reported = true;
        return json({ message: REPORT_MESSAGES.reported }, 201);
      },
    });
    const view = renderButton();
    const dialog = await openDialog(view);

    const reasons = within(dialog).getByRole('group', { name: REPORT_TEXT.reasonLegend });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(Object.values(REPORT_REASON_LABELS));
    await view.user.click(within(reasons).getByRole('radio', { name: 'Already sold' }));
    const note = within(dialog).getByLabelText(REPORT_TEXT.noteLabel);
    expect(note).toHaveAttribute('maxLength', '1000');
    await view.user.type(note, '  Sold last week, the sign is up.  ');
    expect(within(dialog).getByText(reportNoteLengthLabel(35))).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: REPORT_TEXT.send }));

    expect(await screen.findByText(REPORT_MESSAGES.reported)).toBeInTheDocument();
    expect(api.requestsTo(REPORT).map((request) => request.body)).toEqual([
      { reason: 'already_sold', note: 'Sold last week, the sign is up.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const done = screen.getByText(REPORT_TEXT.reported);
    expect(screen.queryByRole('button', { name: REPORT_TEXT.report })).toBeNull();
    await waitFor(() => expect(done).toHaveFocus());
  });

  it('asks for a reason by the radios and sends nothing without one', async () => {
    const api = fakeApi({ [MY_REPORT]: noReport });
    const view = renderButton();
    const dialog = await openDialog(view);
    await view.user.click(within(dialog).getByRole('button', { name: REPORT_TEXT.send }));

    const first = within(dialog).getByRole('radio', { name: 'Suspected fraud' });
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription(REPORT_MESSAGES.reasonRequired);
    expect(first).toHaveFocus();
    expect(api.requestsTo(REPORT)).toEqual([]);
  });

  it("shows the server's field errors by their fields, and too many reports at the top", async () => {
    let answer = refusal(400, REPORT_MESSAGES.noteTooLong, 'VALIDATION_FAILED', {
      note: REPORT_MESSAGES.noteTooLong,
    });
    fakeApi({ [MY_REPORT]: noReport, [REPORT]: () => answer });
    const view = renderButton();
    const dialog = await openDialog(view);
    await view.user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    const note = within(dialog).getByLabelText(REPORT_TEXT.noteLabel);
    await view.user.type(note, 'Odd photos');
    const send = within(dialog).getByRole('button', { name: REPORT_TEXT.send });
    await view.user.click(send);
    await waitFor(() => expect(note).toHaveAttribute('aria-invalid', 'true'));
    expect(note).toHaveAccessibleDescription(expect.stringContaining(REPORT_MESSAGES.noteTooLong));

    answer = refusal(429, REPORT_MESSAGES.tooMany, 'RATE_LIMITED');
    await view.user.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REPORT_MESSAGES.tooMany);
    // What they wrote stays, to be sent later.
    expect(note).toHaveValue('Odd photos');
  });

  it('says so when the listing was already reported, then shows it as reported', async () => {
    let reported = false;
    fakeApi({
      [MY_REPORT]: () => (reported ? aReport() : noReport()),
      [REPORT]: () => {
        reported = true;
        return refusal(409, REPORT_MESSAGES.alreadyReported, 'CONFLICT');
      },
    });
    const view = renderButton();
    const dialog = await openDialog(view);
    await view.user.click(within(dialog).getByRole('radio', { name: 'Suspected fraud' }));
    await view.user.click(within(dialog).getByRole('button', { name: REPORT_TEXT.send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      REPORT_MESSAGES.alreadyReported,
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByText(REPORT_TEXT.reported)).toHaveFocus());
  });

  it('gives focus back to the button when the dialog is cancelled with Escape', async () => {
    const api = fakeApi({ [MY_REPORT]: noReport });
    const view = renderButton();
    await openDialog(view);
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: REPORT_TEXT.report })).toHaveFocus();
    expect(api.requestsTo(REPORT)).toEqual([]);
  });

  it('shows "You reported this listing" to a viewer with an open report', async () => {
    fakeApi({ [MY_REPORT]: aReport });
    renderButton();
    expect(await screen.findByText(REPORT_TEXT.reported)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: REPORT_TEXT.report })).toBeNull();
  });

  it("is not offered to the listing's agent, fraud accounts, on a listing under review, or to visitors who are not signed in", async () => {
    const api = fakeApi({ 'GET /auth/session': json({ user: null }) });
    for (const [viewer, property] of [
      [agent, listing],
      [{ ...buyer, role: 'fraud' as const }, listing],
      [buyer, { ...listing, adminApproval: 'pending' as const }],
    ] as const) {
      const { unmount } = renderInApp(<ReportListingButton property={property} />, {
        signedInAs: viewer,
      });
      expect(screen.queryByRole('button', { name: REPORT_TEXT.report })).toBeNull();
      unmount();
    }
    renderInApp(<ReportListingButton property={listing} />);
    await waitFor(() => expect(api.requestsTo('GET /auth/session')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: REPORT_TEXT.report })).toBeNull();
    // Nobody asked whether they reported it: there is nobody to ask about.
    expect(api.requestsTo(MY_REPORT)).toEqual([]);
  });
});
