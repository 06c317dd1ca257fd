import { Action, MailLayout, type MailTemplate, Paragraph } from './layout.js';

export type NewsletterWelcomeProps = Record<string, never>;

export const newsletterWelcome: MailTemplate<NewsletterWelcomeProps> = {
  subject: (_props, context) => `Welcome to the ${context.brandName} newsletter`,
  body: (_props, context) => (
    <MailLayout
      context={context}
      preview="You are subscribed. Unsubscribe with one click at any time."
      heading="You are subscribed"
      reason="You get this e-mail because this address was subscribed to our newsletter."
    >
      <Paragraph>
        Thank you for subscribing to the {context.brandName} newsletter. We will write now and then
        with new homes, market news and tips for buying and selling.
      </Paragraph>
      <Action href={`${context.publicUrl}/all-properties`} label="Browse homes" />
    </MailLayout>
  ),
};
