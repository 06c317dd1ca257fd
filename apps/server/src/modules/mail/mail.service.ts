import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Database, type Executor, queryRows } from '../../db/client.js';
import { emailDeliveries } from '../../db/schema.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { ImagePipeline } from '../uploads/image-pipeline.js';
import { mailPhotoFor } from '../uploads/mail-photo.js';
import { keyDigest, type MailTransport } from './mail-transport.js';
import { renderMail, type TemplateName, type TemplateProps } from './templates/index.js';
import type { AlertListing } from './templates/listings.js';
import { createUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-token.js';

export type { TemplateName, TemplateProps } from './templates/index.js';

export interface MailMessage<T extends TemplateName = TemplateName> {
  /** Idempotency key (event + recipient): a key already sent is never sent again. */
  key: string;
  to: string;
  userId?: string | null;
  template: T;
  props: TemplateProps[T];
  /** Adds List-Unsubscribe + List-Unsubscribe-Post (RFC 8058) with a signed token for this scope. */
  unsubscribe?: UnsubscribeClaim;
  /** A calendar invitation (`text/calendar; method=...`) calendar programs offer to add. */
  calendar?: CalendarAttachment;
}

export interface CalendarAttachment {
  method: 'REQUEST' | 'CANCEL';
  /** The iCalendar file, its METHOD the same as `method`. */
  content: string;
  filename: string;
}

export interface Mail {
  /**
   * Queues one e-mail. `key` = idempotency key (event + recipient): a key already sent is never
   * sent again. Inside a transaction pass it as `tx` (see JobQueue.send).
   */
  enqueue<T extends TemplateName>(
    message: MailMessage<T>,
    options?: { tx?: Executor },
  ): Promise<void>;
  /**
   * Sends one e-mail at once, from a job already running, instead of queueing it: for a mail
   * whose link opens or confirms an account, which must never be stored (the job table keeps
   * payloads for days, and a failed job's for admins). A failure fails the running job, whose
   * next try makes a new link.
   */
  sendNow<T extends TemplateName>(message: MailMessage<T>): Promise<void>;
}

export const EMAIL_QUEUE = 'email';

interface MailSettings {
  db: Database;
  jobs: JobQueue;
  transport: MailTransport;
  config: Pick<Config, 'brandName' | 'publicUrl' | 'mail'>;
  /** Signs the unsubscribe tokens (the session secret). */
  secret: string;
  /** Where listing photos are kept, for the JPEG a mail shows of each. */
  images: ImagePipeline;
}

/**
 * A listing's photo as a mail shows it: our own photo as its small JPEG (many mail clients show
 * no WebP), made now for an upload from before there was one; none when the address on our site
 * is no upload's or the upload is gone. Addresses elsewhere are left to the template, which shows
 * none of them.
 */
async function mailPhoto(settings: MailSettings, imageUrl: string | null) {
  const own = `${settings.config.publicUrl}/`;
  if (!imageUrl?.startsWith(own)) return imageUrl;
  const photo = await mailPhotoFor(settings.db, settings.images, imageUrl.slice(own.length - 1));
  return photo ? `${settings.config.publicUrl}${photo}` : null;
}

/**
 * The props with every listing's photo as its mail JPEG. Done as the mail is sent, not when it
 * is queued, so a mail queued before the JPEGs existed shows one too.
 */
async function withMailPhotos(settings: MailSettings, message: MailMessage) {
  const photosOf = (listings: AlertListing[]) =>
    Promise.all(
      listings.map(async (listing) => ({
        ...listing,
        imageUrl: await mailPhoto(settings, listing.imageUrl),
      })),
    );
  if (message.template === 'search-alert') {
    const props = message.props as TemplateProps['search-alert'];
    return { ...props, listings: await photosOf(props.listings) };
  }
  if (message.template === 'search-digest') {
    const props = message.props as TemplateProps['search-digest'];
    return {
      ...props,
      searches: await Promise.all(
        props.searches.map(async (search) => ({
          ...search,
          listings: await photosOf(search.listings),
        })),
      ),
    };
  }
  return message.props;
}

/**
 * Whose confirmation a message needs before it may go out. Only the mails that ask a person to
 * prove the address is theirs go to any address: the account's and the newsletter's
 * confirmations, and the password reset (using its link confirms the address, and an owner who never confirmed has no other way
 * back in). Everything else goes only to an account's own confirmed address, or to a newsletter
 * subscription confirmed from its mailbox. A new template must choose here.
 */
const RECIPIENT_RULE: Record<
  TemplateName,
  'any address' | 'confirmed account' | 'confirmed subscriber'
> = {
  'verify-email': 'any address',
  'password-reset': 'any address',
  'newsletter-confirm': 'any address',
  // An invitation to shop together goes to whatever address the inviter knows (decision 055).
  'shared-wishlist-invitation': 'any address',
  'password-changed': 'confirmed account',
  notification: 'confirmed account',
  'search-alert': 'confirmed account',
  'search-digest': 'confirmed account',
  'newsletter-welcome': 'confirmed subscriber',
};

/**
 * Whether a message may go to its address, read when it is about to be sent: someone who
 * registered with another person's address, or typed it into the newsletter form, gets that
 * person nothing but the mail asking them to confirm.
 */
async function mayReceive(db: Database, message: MailMessage): Promise<boolean> {
  const rule = RECIPIENT_RULE[message.template];
  if (rule === 'any address') return true;
  const [row] = await queryRows<{ confirmed: boolean }>(
    db,
    rule === 'confirmed account'
      ? sql`select exists (select 1 from users where id = ${message.userId ?? null}
              and lower(email) = lower(${message.to}) and email_verified) as confirmed`
      : sql`select exists (select 1 from newsletter_subscribers where email = ${message.to}
              and confirmed_at is not null) as confirmed`,
  );
  return row?.confirmed === true;
}

/** The site's host, for Message-IDs: `<digest@host>`. */
const messageIdHost = (publicUrl: string) => new URL(publicUrl).hostname;

/**
 * Claims a message's key before it is sent. A key already sent answers false: a job run again
 * (a retry, a crash after the send, the same event queued twice) sends nothing. A key left
 * `sending` by a crash is claimed again and sent.
 */
async function claim(db: Database, message: MailMessage, subject: string): Promise<boolean> {
  // The account is linked only while it exists: a mail queued inside the transaction that
  // creates it may run first, and one for an account deleted meanwhile still records its send.
  const rows = await queryRows<{ key: string }>(
    db,
    sql`insert into email_deliveries (key, user_id, template, to_address, subject, status, attempts)
        values (${message.key}, (select id from users where id = ${message.userId ?? null}),
          ${message.template}, ${message.to}, ${subject}, 'sending', 1)
        on conflict (key) do update set attempts = email_deliveries.attempts + 1
          where email_deliveries.status = 'sending'
        returning key`,
  );
  return rows.length > 0;
}

/** Renders, sends and records one message: the handler of the 'email' queue. */
export async function deliverEmail(settings: MailSettings, message: MailMessage): Promise<void> {
  if (!(await mayReceive(settings.db, message))) return;
  const { config } = settings;
  const token = message.unsubscribe
    ? createUnsubscribeToken(settings.secret, message.unsubscribe)
    : undefined;
  const rendered = await renderMail(message.template, await withMailPhotos(settings, message), {
    brandName: config.brandName,
    publicUrl: config.publicUrl,
    ...(token ? { unsubscribeUrl: `${config.publicUrl}/unsubscribe?token=${token}` } : {}),
  });
  if (!(await claim(settings.db, message, rendered.subject))) return;
  await settings.transport.send({
    key: message.key,
    from: config.mail.from,
    to: message.to,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    // The same message always has the same Message-ID, so a mailbox that receives it twice (a
    // crash between sending and recording) can tell it is one message.
    messageId: `<${keyDigest(message.key)}@${messageIdHost(config.publicUrl)}>`,
    // Sent as the message's text/calendar part and as an .ics attachment, as mail programs expect.
    ...(message.calendar
      ? {
          icalEvent: {
            method: message.calendar.method,
            content: message.calendar.content,
            filename: message.calendar.filename,
          },
        }
      : {}),
    ...(token
      ? {
          headers: {
            'List-Unsubscribe': `<${config.publicUrl}/api/unsubscribe?token=${token}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  });
  await settings.db
    .update(emailDeliveries)
    .set({ status: 'sent', sentAt: new Date() })
    .where(eq(emailDeliveries.key, message.key));
}

/** `app.mail`: e-mails go through the job queue, one job per key. */
export function createMail(settings: MailSettings): Mail {
  settings.jobs.handle<MailMessage>(EMAIL_QUEUE, (message) => deliverEmail(settings, message));
  return {
    enqueue: (message, options) =>
      settings.jobs.send(EMAIL_QUEUE, message as MailMessage, {
        key: message.key,
        ...(options?.tx ? { tx: options.tx } : {}),
      }),
    sendNow: (message) => deliverEmail(settings, message as MailMessage),
  };
}
