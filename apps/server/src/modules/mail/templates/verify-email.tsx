import { Action, MailLayout, type MailTemplate, Paragraph } from './layout.js';

export interface VerifyEmailProps {
  name: string;
  verifyUrl: string;
}

export const verifyEmail: MailTemplate<VerifyEmailProps> = {
  subject: (_props, context) => `Confirm your e-mail address for ${context.brandName}`,
  body: (props, context) => (
    <MailLayout
      context={context}
      preview="Confirm your address to make offers and pay for homes."
      heading="Confirm your e-mail address"
    >
      <Paragraph>Hello {props.name},</Paragraph>
      <Paragraph>
        Welcome to {context.brandName}. Confirm that this address is yours to make offers and pay
        for homes.
      </Paragraph>
      <Action href={props.verifyUrl} label="Confirm my address" />
      <Paragraph>If you did not create an account, ignore this e-mail.</Paragraph>
    </MailLayout>
  ),
};
