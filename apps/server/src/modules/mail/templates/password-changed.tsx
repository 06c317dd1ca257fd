import { Action, MailLayout, type MailTemplate, Paragraph } from './layout.js';

export interface PasswordChangedProps {
  name: string;
  forgotUrl: string;
}

export const passwordChanged: MailTemplate<PasswordChangedProps> = {
  subject: (_props, context) => `Your ${context.brandName} password was changed`,
  body: (props, context) => (
    <MailLayout
      context={context}
      preview="Your password was changed and other sessions were signed out."
      heading="Your password was changed"
    >
      <Paragraph>Hello {props.name},</Paragraph>
      <Paragraph>
        The password of your {context.brandName} account was just changed, and every other device
        was signed out.
      </Paragraph>
      <Paragraph>
        If this was not you, reset your password now to lock the other person out.
      </Paragraph>
      <Action href={props.forgotUrl} label="Reset my password" />
    </MailLayout>
  ),
};
