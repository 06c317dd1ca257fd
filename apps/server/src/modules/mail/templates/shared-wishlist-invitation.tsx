import {
  SHOPPING_TOGETHER_MESSAGES as M,
  SHOPPING_TOGETHER_INVITATION_SUBJECT,
} from '@keyhaven/shared';
import { Action, MailLayout, type MailTemplate, Paragraph } from './layout.js';

/*
 * An invitation to shop together goes to an address that may have no account yet. The subject is
 * ours; the inviter's name (which they typed) stands in the body beside their confirmed address,
 * so the reader can tell who asks, and the mail says to ignore it if they do not know them.
 */
export interface SharedWishlistInvitationProps {
  inviterName: string;
  inviterEmail: string;
  acceptUrl: string;
}

export const sharedWishlistInvitation: MailTemplate<SharedWishlistInvitationProps> = {
  subject: (_props, context) => SHOPPING_TOGETHER_INVITATION_SUBJECT(context.brandName),
  body: (props, context) => (
    <MailLayout context={context} preview={M.mailHow} heading={M.mailHeading}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>{M.mailBody(props.inviterName, props.inviterEmail)}</Paragraph>
      <Paragraph>{M.mailHow}</Paragraph>
      <Action href={props.acceptUrl} label={M.mailAction} />
      <Paragraph>{M.mailIgnore}</Paragraph>
    </MailLayout>
  ),
};
