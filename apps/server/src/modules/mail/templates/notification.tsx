import type { NotificationKind } from '@keyhaven/shared';
import { Action, MailLayout, type MailTemplate, Paragraph } from './layout.js';

export interface NotificationProps {
  name: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Absolute address of the page the notification is about. */
  url: string;
}

export const notification: MailTemplate<NotificationProps> = {
  subject: (props) => props.title,
  body: (props, context) => (
    <MailLayout context={context} preview={props.body} heading={props.title}>
      <Paragraph>Hello {props.name},</Paragraph>
      <Paragraph>{props.body}</Paragraph>
      <Action href={props.url} label={`Open ${context.brandName}`} />
    </MailLayout>
  ),
};
