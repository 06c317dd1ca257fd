import {
  type NotificationKind,
  SAVED_HOME_MAIL_SUBJECTS,
  SHOPPING_TOGETHER_MAIL_SUBJECTS,
  TOUR_MAIL_SUBJECTS,
} from '@keyhaven/shared';
import { Action, MailLayout, type MailTemplate, Paragraph } from './layout.js';

export interface NotificationProps {
  name: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Absolute address of the page the notification is about. */
  url: string;
}

/**
 * Subject lines in our own words: a notice's title quotes what people typed (a listing's title,
 * a sender's name), and a stranger's inbox must never show such words as if they were ours.
 * The title, escaped, heads the message instead.
 */
const SUBJECTS: Record<NotificationKind, string> = {
  offer_received: 'New offer on your listing',
  offer_withdrawn: 'An offer on your listing was withdrawn',
  offer_accepted: 'Your offer is accepted',
  offer_rejected: 'Your offer was declined',
  offer_ended_unpaid: 'An accepted offer ended unpaid',
  payment_deadline_changed: 'A payment deadline has paused or resumed',
  payment_confirmed: 'Your payment is confirmed',
  payment_received: 'Payment received for your listing',
  listing_approved: 'Your listing is approved',
  listing_rejected: 'Your listing was rejected',
  listing_edited: 'An admin edited your listing',
  review_received: 'New review of your listing',
  role_changed: 'Your account has changed',
  message_received: 'New message about a listing',
  search_match: 'A new home matches your saved search',
  report_outcome: 'A listing you reported was decided',
  correction_requested: 'Please correct your listing',
  ...TOUR_MAIL_SUBJECTS,
  ...SAVED_HOME_MAIL_SUBJECTS,
  ...SHOPPING_TOGETHER_MAIL_SUBJECTS,
};

export const notification: MailTemplate<NotificationProps> = {
  subject: (props) => SUBJECTS[props.kind],
  body: (props, context) => (
    <MailLayout context={context} preview={props.body} heading={props.title}>
      <Paragraph>Hello {props.name},</Paragraph>
      <Paragraph>{props.body}</Paragraph>
      <Action href={props.url} label={`Open ${context.brandName}`} />
    </MailLayout>
  ),
};
