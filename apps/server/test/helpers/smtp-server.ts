import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { useTestApp } from './test-app.js';

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`: pass it to the app as SMTP_URL. */
  url: string;
  /** Every message received so far, parsed, in the order they arrived. */
  messages: ParsedMail[];
  /** Resolves once at least `count` messages have arrived (fails the test after 10 s). */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that accepts any message without sign-in or TLS and keeps
 * it, parsed, for the test to read.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((message) => {
          messages.push(message);
          for (const check of waiting) check();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor: (count) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`expected ${count} e-mails, received ${messages.length}`));
        }, 10_000);
        function check() {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve();
        }
        waiting.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The real app on its own database, mailing through a real SMTP server of its own whose messages
 * are forgotten before each test. Read `mail.smtp` inside tests.
 */
export function useMailingTestApp(env: Record<string, string> = {}) {
  const mail = {} as { smtp: TestSmtpServer };
  beforeAll(async () => {
    mail.smtp = await startTestSmtpServer();
  });
  afterAll(async () => mail.smtp?.close());
  const ctx = useTestApp(() => ({ SMTP_URL: mail.smtp.url, ...env }));
  beforeEach(() => {
    mail.smtp.messages.length = 0;
  });
  return { ctx, mail };
}

/** The messages received for one address. */
export const messagesTo = (smtp: TestSmtpServer, email: string) =>
  smtp.messages.filter((message) =>
    [message.to].flat().some((to) => to?.value.some((address) => address.address === email)),
  );
