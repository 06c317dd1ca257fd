import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Config } from '../../config.js';

/** Where a rendered message goes: an SMTP server, or a file in the outbox folder. */
export interface MailTransport {
  send(message: Mail.Options & { key: string }): Promise<void>;
}

/** The first characters of a key's digest: a file name or Message-ID that does not reveal it. */
export const keyDigest = (key: string) =>
  createHash('sha256').update(key).digest('hex').slice(0, 32);

/**
 * With SMTP_URL, messages go to that server (smtp:// or smtps://, credentials in the URL).
 * Without it (`npm start`, the demo) each message is written to DATA_DIR/outbox as an .eml file
 * any mail program opens, and the path is logged: nothing is lost and nothing leaves the machine.
 */
export function createMailTransport(config: Config['mail'], log: FastifyBaseLogger): MailTransport {
  if (config.smtpUrl) {
    // A connection per message (no pool): nothing stays open to close when the app stops.
    const smtp = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async ({ key: _key, ...message }) => {
        await smtp.sendMail(message);
      },
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    send: async ({ key, ...message }) => {
      const info = await stream.sendMail(message);
      await mkdir(config.outboxDir, { recursive: true });
      const time = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(config.outboxDir, `${time}-${keyDigest(key).slice(0, 16)}.eml`);
      await writeFile(file, info.message as Buffer);
      // The file names its recipient; the log, shipped elsewhere, keeps no address.
      log.info({ path: file, subject: message.subject }, 'mail written to outbox');
    },
  };
}
