import { render, toPlainText } from '@react-email/components';
import type { MailContext, MailTemplate } from './layout.js';
import { type NewsletterConfirmProps, newsletterConfirm } from './newsletter-confirm.js';
import { type NewsletterWelcomeProps, newsletterWelcome } from './newsletter-welcome.js';
import { type NotificationProps, notification } from './notification.js';
import { type PasswordChangedProps, passwordChanged } from './password-changed.js';
import { type PasswordResetProps, passwordReset } from './password-reset.js';
import { type SearchAlertProps, searchAlert } from './search-alert.js';
import { type SearchDigestProps, searchDigest } from './search-digest.js';
import {
  type SharedWishlistInvitationProps,
  sharedWishlistInvitation,
} from './shared-wishlist-invitation.js';
import { type VerifyEmailProps, verifyEmail } from './verify-email.js';

export type { MailContext } from './layout.js';

/** Every kind of e-mail and what it is written from. */
export interface TemplateProps {
  'password-reset': PasswordResetProps;
  'verify-email': VerifyEmailProps;
  'password-changed': PasswordChangedProps;
  notification: NotificationProps;
  'search-alert': SearchAlertProps;
  'search-digest': SearchDigestProps;
  'newsletter-confirm': NewsletterConfirmProps;
  'newsletter-welcome': NewsletterWelcomeProps;
  'shared-wishlist-invitation': SharedWishlistInvitationProps;
}
export type TemplateName = keyof TemplateProps;

const templates: { [Name in TemplateName]: MailTemplate<TemplateProps[Name]> } = {
  'password-reset': passwordReset,
  'verify-email': verifyEmail,
  'password-changed': passwordChanged,
  notification,
  'search-alert': searchAlert,
  'search-digest': searchDigest,
  'newsletter-confirm': newsletterConfirm,
  'newsletter-welcome': newsletterWelcome,
  'shared-wishlist-invitation': sharedWishlistInvitation,
};

export const TEMPLATE_NAMES = Object.keys(templates) as TemplateName[];

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** One message from its template: the HTML part, and the plain-text part read from it. */
export async function renderMail<Name extends TemplateName>(
  name: Name,
  props: TemplateProps[Name],
  context: MailContext,
): Promise<RenderedMail> {
  const template = templates[name] as MailTemplate<TemplateProps[Name]>;
  const html = await render(template.body(props, context));
  return { subject: template.subject(props, context), html, text: toPlainText(html) };
}
