import { Action, MailLayout, type MailTemplate, Paragraph } from './layout.js';

/*
 * A reset link may go to an address its account never confirmed (the way its owner claims it
 * back from whoever registered with it), so, like the confirmation, it carries nothing that
 * person typed: not even the name on the account.
 */
export interface PasswordResetProps {
  resetUrl: string;
}

export const passwordReset: MailTemplate<PasswordResetProps> = {
  subject: (_props, context) => `Reset your ${context.brandName} password`,
  body: (props, context) => (
    <MailLayout
      context={context}
      preview="A link to choose a new password, valid for 30 minutes."
      heading="Reset your password"
    >
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        Someone asked to reset the password of your {context.brandName} account. If it was you,
        choose a new password with this link. It works once, within 30 minutes.
      </Paragraph>
      <Action href={props.resetUrl} label="Choose a new password" />
      <Paragraph>
        If you did not ask for this, ignore this e-mail: your password stays as it is.
      </Paragraph>
    </MailLayout>
  ),
};
