import { CONVERSATION_MESSAGES, messageLengthLabel } from '@keyhaven/shared/texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { agent, buyer, listing } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { AskAgentButton } from './ask-agent-button';

const ASK = `POST /api/properties/${listing._id}/messages`;

function renderButton(signedInAs = buyer, property = listing) {
  return renderInApp(<AskAgentButton property={property} />, { signedInAs });
}

async function openDialog(view: ReturnType<typeof renderButton>) {
  await view.user.click(screen.getByRole('button', { name: CONVERSATION_MESSAGES.ask }));
  return screen.findByRole('dialog', { name: CONVERSATION_MESSAGES.askTitle });
}

describe('AskAgentButton', () => {
  it('sends the question as typed, then links to the conversation', async () => {
    const api = fakeApi({ [ASK]: json({ conversationId: 'c-1' }, 201) });
    const view = renderButton();
    const dialog = await openDialog(view);
    const box = within(dialog).getByLabelText(CONVERSATION_MESSAGES.messageLabel);
    expect(box).toHaveFocus();
    expect(within(dialog).getByText(messageLengthLabel(0))).toBeInTheDocument();
    await view.user.type(box, '  Is the <b>jetty</b> private?  ');
    expect(within(dialog).getByText(messageLengthLabel(32))).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: CONVERSATION_MESSAGES.send }));

    expect(await within(dialog).findByText(CONVERSATION_MESSAGES.sent)).toBeInTheDocument();
    expect(api.requestsTo(ASK).map((request) => request.body)).toEqual([
      { body: 'Is the <b>jetty</b> private?' },
    ]);
    await view.user.click(within(dialog).getByRole('link', { name: CONVERSATION_MESSAGES.open }));
    expect(screen.getByText('Now at /dashboard/messages/c-1')).toBeInTheDocument();
  });

  it('says by the field that an empty message cannot be sent, and sends nothing', async () => {
    const api = fakeApi({});
    const view = renderButton();
    const dialog = await openDialog(view);
    await view.user.type(within(dialog).getByLabelText(CONVERSATION_MESSAGES.messageLabel), '   ');
    await view.user.click(within(dialog).getByRole('button', { name: CONVERSATION_MESSAGES.send }));
    const box = within(dialog).getByLabelText(CONVERSATION_MESSAGES.messageLabel);
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(
      expect.stringContaining(CONVERSATION_MESSAGES.bodyRequired),
    );
    expect(api.sent).toEqual([]);
  });

  it("shows the server's reason: by the field for the message, in the dialog otherwise", async () => {
    let answer = refusal(400, CONVERSATION_MESSAGES.bodyTooLong, 'VALIDATION_FAILED', {
      body: CONVERSATION_MESSAGES.bodyTooLong,
    });
    fakeApi({ [ASK]: () => answer });
    const view = renderButton();
    const dialog = await openDialog(view);
    const box = within(dialog).getByLabelText(CONVERSATION_MESSAGES.messageLabel);
    await view.user.type(box, 'Hello');
    const send = within(dialog).getByRole('button', { name: CONVERSATION_MESSAGES.send });
    await view.user.click(send);
    expect(await within(dialog).findByText(CONVERSATION_MESSAGES.bodyTooLong)).toBeInTheDocument();

    answer = refusal(429, CONVERSATION_MESSAGES.tooMany, 'RATE_LIMITED');
    await view.user.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      CONVERSATION_MESSAGES.tooMany,
    );
    // The message stays, to be sent later.
    expect(box).toHaveValue('Hello');
  });

  it("is not offered to the listing's agent, to fraud accounts, or on a listing under review", () => {
    fakeApi({});
    const { unmount } = renderButton(agent);
    expect(screen.queryByRole('button', { name: CONVERSATION_MESSAGES.ask })).toBeNull();
    unmount();
    const fraud = renderButton({ ...buyer, role: 'fraud' });
    expect(screen.queryByRole('button', { name: CONVERSATION_MESSAGES.ask })).toBeNull();
    fraud.unmount();
    renderButton(buyer, { ...listing, adminApproval: 'pending' });
    expect(screen.queryByRole('button', { name: CONVERSATION_MESSAGES.ask })).toBeNull();
  });
});
