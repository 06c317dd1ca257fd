import { Action, MailLayout, type MailTemplate, Paragraph } from './layout.js';

/*
 * The one mail that goes to an address nobody has confirmed yet, so it carries nothing the person
 * who registered typed (not even their name): someone using a stranger's address cannot put their
 * own words in front of that stranger.
 */
export interface VerifyEmailProps {
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
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        Welcome to {context.brandName}. Confirm that this address is yours to make offers and pay
        for homes.
      </Paragraph>
      <Action href={props.verifyUrl} label="Confirm my address" />
      <Paragraph>If you did not create an account, ignore this e-mail.</Paragraph>
    </MailLayout>
  ),
};
