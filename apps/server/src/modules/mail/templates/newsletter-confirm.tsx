import { Action, MailLayout, type MailTemplate, Paragraph } from './layout.js';

export interface NewsletterConfirmProps {
  confirmUrl: string;
}

export const newsletterConfirm: MailTemplate<NewsletterConfirmProps> = {
  subject: (_props, context) => `Confirm your subscription to the ${context.brandName} newsletter`,
  body: (props, context) => (
    <MailLayout
      context={context}
      preview="Confirm your subscription: until then we send this address nothing else."
      heading="Confirm your subscription"
      reason="You get this e-mail because this address was typed into our newsletter form."
    >
      <Paragraph>
        Someone asked for the {context.brandName} newsletter at this address. If it was you, confirm
        with this link; it works for a week.
      </Paragraph>
      <Action href={props.confirmUrl} label="Confirm my subscription" />
      <Paragraph>
        If it was not you, ignore this e-mail: we will send this address nothing more.
      </Paragraph>
    </MailLayout>
  ),
};
