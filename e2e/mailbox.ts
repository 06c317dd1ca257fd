import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect } from './fixtures';

/*
 * The e-mails the product sent during this run, as a person would find them in their inbox: the
 * e2e server (scripts/e2e-server.mjs) runs a real SMTP server beside the product and writes every
 * message it receives into this folder, one .eml file each, numbered in the order they arrived.
 */
const MAIL_DIR = path.resolve('test-results', 'e2e-mail');

/**
 * Only the e2e server this run starts writes here: against a deployment elsewhere (E2E_BASE_URL)
 * the specs that read mail fail, saying so, rather than pass unread.
 */
function assertMailboxIsOurs() {
  if (process.env.E2E_BASE_URL) {
    throw new Error(
      'These specs read the e-mail of the e2e server this run starts; unset E2E_BASE_URL to run them.',
    );
  }
}

export interface ReceivedMail {
  /** The file it was written to: tells two messages with the same words apart. */
  file: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every link of the HTML part, in order: where it goes and the words it shows. */
  links: { href: string; text: string }[];
  /** Each header as sent, by its name in lower case ("list-unsubscribe-post"), unfolded. */
  headers: Record<string, string>;
  /** The parts besides the text and HTML (an invitation's `text/calendar`), as text. */
  attachments: { contentType: string; content: string }[];
}

type MailMatch = string | RegExp | ((mail: ReceivedMail) => boolean);

const parsed = new Map<string, ReceivedMail>();

const addressesOf = (field: unknown): string[] => {
  const groups = Array.isArray(field) ? field : field ? [field] : [];
  return groups.flatMap((group: { value?: { address?: string }[] }) =>
    (group.value ?? []).flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : [])),
  );
};

const decodeEntities = (html: string) =>
  html
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&amp;', '&');

/** The words a piece of HTML shows, its tags and comments left out. */
const wordsOf = (html: string) =>
  decodeEntities(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

async function parse(file: string): Promise<ReceivedMail> {
  const known = parsed.get(file);
  if (known) return known;
  const message = await simpleParser(await readFile(path.join(MAIL_DIR, file)));
  const html = message.html || '';
  const mail: ReceivedMail = {
    file,
    to: addressesOf(message.to),
    subject: message.subject ?? '',
    text: message.text ?? '',
    html,
    links: [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi)].map(
      ([, href = '', inner = '']) => ({ href: decodeEntities(href), text: wordsOf(inner) }),
    ),
    attachments: message.attachments.map((part) => ({
      contentType: part.contentType,
      content: part.content.toString('utf8'),
    })),
    headers: Object.fromEntries(
      message.headerLines.map(({ key, line }) => [
        key,
        line
          .slice(line.indexOf(':') + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim(),
      ]),
    ),
  };
  parsed.set(file, mail);
  return mail;
}

const matches = (mail: ReceivedMail, match: MailMatch) =>
  typeof match === 'function'
    ? match(mail)
    : typeof match === 'string'
      ? mail.subject === match
      : match.test(mail.subject);

/** The messages sent to an address so far, oldest first; `match` (a subject or a test) narrows them. */
export async function mailsTo(address: string, match?: MailMatch): Promise<ReceivedMail[]> {
  assertMailboxIsOurs();
  const files = (await readdir(MAIL_DIR)).filter((file) => file.endsWith('.eml')).sort();
  const wanted = address.toLowerCase();
  const found: ReceivedMail[] = [];
  for (const file of files) {
    // Most messages are someone else's: a glance at the raw text spares parsing them.
    if (!parsed.has(file)) {
      const raw = await readFile(path.join(MAIL_DIR, file), 'utf8');
      if (!raw.toLowerCase().includes(wanted)) continue;
    }
    const mail = await parse(file);
    if (mail.to.includes(wanted) && (!match || matches(mail, match))) found.push(mail);
  }
  return found;
}

/**
 * Waits for a message to an address (its subject, or a test it passes) and answers the newest.
 * `besides` leaves out messages read before, so asking twice for the same kind waits for a new one.
 */
export async function waitForMail(
  address: string,
  match: MailMatch,
  { besides = [], timeout = 20_000 }: { besides?: ReceivedMail[]; timeout?: number } = {},
): Promise<ReceivedMail> {
  const old = new Set(besides.map((mail) => mail.file));
  let newest: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await mailsTo(address, match)).filter((mail) => !old.has(mail.file));
        newest = fresh.at(-1);
        return fresh.length;
      },
      { message: `an e-mail to ${address} matching ${String(match)}`, timeout },
    )
    .toBeGreaterThan(0);
  if (!newest) throw new Error(`no e-mail to ${address}`);
  return newest;
}

/** Where the mail's link showing these words goes (an absolute address), as a reader clicks it. */
export function linkIn(mail: ReceivedMail, text: string | RegExp): string {
  const link = mail.links.find((candidate) =>
    typeof text === 'string' ? candidate.text === text : text.test(candidate.text),
  );
  const shown = mail.links.map((candidate) => `${candidate.text} -> ${candidate.href}`);
  expect(link, `a link "${String(text)}" in "${mail.subject}": ${shown.join('; ')}`).toBeDefined();
  return link?.href ?? '';
}
