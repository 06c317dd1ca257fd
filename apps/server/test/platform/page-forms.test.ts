import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_RECOVERY_MESSAGES,
  AUTH_MESSAGES,
  NEWSLETTER_MESSAGES,
  PAGE_FORMS,
  requiredMessage,
} from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploads, users } from '../../src/db/schema.js';
import { PAGE_FORM_NEEDS_APP } from '../../src/plugins/external/page-forms.js';
import { makeImage } from '../fixtures/images.js';
import { createAccount, nextAddress, registrationBody } from '../helpers/accounts.js';
import { inPage, requireBuiltWebApp } from '../helpers/built-web-app.js';
import { messagesTo, useMailingTestApp } from '../helpers/smtp-server.js';

/*
 * The pages' forms posted as plain HTML, as a browser sends them before the app has started or
 * without JavaScript: each to its own page, urlencoded (multipart with a file), named by `_form`.
 * They are answered with a 303 where the app would go, or with the page again holding the
 * server's messages and what was typed, never a password.
 */

requireBuiltWebApp();

const { ctx, mail } = useMailingTestApp();

const ownOrigin = () => new URL(ctx.app.config.publicUrl).origin;

/** A form posted as a browser posts it from one of our pages. */
function post(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  remoteAddress = nextAddress(),
) {
  return ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: ownOrigin(),
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** A multipart form with one file, as the registration page sends its photo. */
function postMultipart(url: string, fields: Record<string, string>, file?: Buffer) {
  const boundary = `----form${randomBytes(6).toString('hex')}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  const filePart = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file ? 'me.png' : ''}"\r\nContent-Type: ${file ? 'image/png' : 'application/octet-stream'}\r\n\r\n`,
    ),
    file ?? Buffer.alloc(0),
    Buffer.from('\r\n'),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextAddress(),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      origin: ownOrigin(),
    },
    payload: Buffer.concat([...parts, filePart, Buffer.from(`--${boundary}--\r\n`)]),
  });
}

const sessionCookieOf = (response: { headers: Record<string, unknown> }) =>
  [response.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .find((cookie) => cookie.includes('keyhaven.session_token='))
    ?.split(';')[0];

async function sessionUser(cookie: string | undefined) {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: '/auth/session',
    headers: cookie ? { cookie } : {},
  });
  return answer.json().user as { email: string; photo?: string | null } | null;
}

describe('Sign In posted to /login', () => {
  it('signs in and sends the visitor where the page was to send them, with a session cookie', async () => {
    const account = await createAccount(ctx.app);
    const fields = { _form: PAGE_FORMS.signIn, email: account.email, password: account.password };

    const home = await post('/login', fields);
    expect(home.statusCode).toBe(303);
    expect(home.headers.location).toBe('/');
    expect(home.headers['cache-control']).toBe('private, no-store');
    expect((await sessionUser(sessionCookieOf(home)))?.email).toBe(account.email);

    const back = await post('/login?returnTo=%2Fdashboard%2Fwishlist%3Fpage%3D2', fields);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/dashboard/wishlist?page=2');

    // Never another site: the login page is no redirector.
    for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const refused = await post(`/login?returnTo=${encodeURIComponent(elsewhere)}`, fields);
      expect(refused.headers.location).toBe('/');
    }
  });

  it('answers the page again with the message and the e-mail, never the password', async () => {
    const account = await createAccount(ctx.app);
    const wrong = 'Wrong-Secret-987';
    const response = await post('/login', {
      _form: PAGE_FORMS.signIn,
      email: account.email,
      password: wrong,
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain(inPage(AUTH_MESSAGES.invalidCredentials));
    expect(response.body).toContain(`value="${account.email}"`);
    expect(response.body).not.toContain(wrong);
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('shows each field’s message from the same schema as the API', async () => {
    const response = await post('/login', { _form: PAGE_FORMS.signIn, email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(inPage(requiredMessage('Email')));
    expect(response.body).toContain(inPage(requiredMessage('Password')));
  });

  it('refuses a sign-in posted from another site', async () => {
    const account = await createAccount(ctx.app);
    const response = await post(
      '/login',
      { _form: PAGE_FORMS.signIn, email: account.email, password: account.password },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it('counts a failed sign-in posted to the page against the same throttle as the API', async () => {
    const account = await createAccount(ctx.app);
    const address = nextAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await post(
        '/login',
        { _form: PAGE_FORMS.signIn, email: account.email, password: `Wrong-${attempt}` },
        {},
        address,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
  });
});

describe('Register posted to /register', () => {
  it('creates the account, signs in and goes Home', async () => {
    const body = registrationBody();
    const response = await post('/register', { _form: PAGE_FORMS.register, ...body });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    expect((await sessionUser(sessionCookieOf(response)))?.email).toBe(body.email);
  });

  it('keeps the photo sent with it, stored as the new account’s own upload', async () => {
    const body = registrationBody();
    const photo = await makeImage('png', { width: 120, height: 120 });
    const response = await postMultipart(
      '/register',
      { _form: PAGE_FORMS.register, ...body },
      photo,
    );
    expect(response.statusCode).toBe(303);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, body.email));
    expect(user?.image).toMatch(/^\/uploads\//);
    const [upload] = await ctx.app.db
      .select()
      .from(uploads)
      .where(eq(uploads.ownerId, user?.id ?? ''));
    expect(upload).toBeDefined();
    expect((await sessionUser(sessionCookieOf(response)))?.email).toBe(body.email);
  });

  it('registers without a photo when the file field is left empty', async () => {
    const body = registrationBody();
    const response = await postMultipart('/register', { _form: PAGE_FORMS.register, ...body });
    expect(response.statusCode).toBe(303);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, body.email));
    expect(user?.image ?? null).toBeNull();
  });

  it('answers the page again with each message and what was typed, never the password', async () => {
    const body = registrationBody({ phone: 'not a phone', password: 'Qz7Xk' });
    const response = await post('/register', { _form: PAGE_FORMS.register, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(inPage(AUTH_MESSAGES.invalidPhone));
    expect(response.body).toContain(inPage(AUTH_MESSAGES.passwordTooShort));
    expect(response.body).toContain(`value="${body.name}"`);
    expect(response.body).toContain(`value="${body.email}"`);
    expect(response.body).not.toContain('Qz7Xk');
  });

  it('puts a taken address on the e-mail field, with 409', async () => {
    const account = await createAccount(ctx.app);
    const response = await post('/register', {
      _form: PAGE_FORMS.register,
      ...registrationBody({ email: account.email }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain(inPage(AUTH_MESSAGES.emailTaken));
  });
});

describe('password recovery posted to its pages', () => {
  it('Forgot Password answers the page with the confirmation and mails the link', async () => {
    const account = await createAccount(ctx.app);
    const response = await post('/forgot-password', {
      _form: PAGE_FORMS.forgotPassword,
      email: account.email,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(inPage(ACCOUNT_RECOVERY_MESSAGES.forgotSent));
    await ctx.app.jobs.drain();
    expect(messagesTo(mail.smtp, account.email)).toHaveLength(1);
  });

  it('Reset Password takes the token from the body and sets the new password', async () => {
    const account = await createAccount(ctx.app);
    await post('/forgot-password', { _form: PAGE_FORMS.forgotPassword, email: account.email });
    await ctx.app.jobs.drain();
    const [message] = messagesTo(mail.smtp, account.email);
    const link = /https?:\/\/\S+\/reset-password\?token=([\w-]+)/.exec(message?.text ?? '');
    const token = link?.[1] ?? '';
    expect(token).not.toBe('');

    const differ = await post('/reset-password', {
      _form: PAGE_FORMS.resetPassword,
      token,
      password: 'Brand9New',
      confirmPassword: 'Brand9Other',
    });
    expect(differ.statusCode).toBe(400);
    expect(differ.body).toContain(inPage(ACCOUNT_RECOVERY_MESSAGES.passwordsDiffer));
    expect(differ.body).not.toContain('Brand9New');

    const done = await post('/reset-password', {
      _form: PAGE_FORMS.resetPassword,
      token,
      password: 'Brand9New',
      confirmPassword: 'Brand9New',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(inPage(ACCOUNT_RECOVERY_MESSAGES.resetDone));
    const signIn = await post('/login', {
      _form: PAGE_FORMS.signIn,
      email: account.email,
      password: 'Brand9New',
    });
    expect(signIn.statusCode).toBe(303);
  });

  it('Reset Password with a token that sets nothing says the link is invalid', async () => {
    const response = await post('/reset-password', {
      _form: PAGE_FORMS.resetPassword,
      token: 'no-such-token',
      password: 'Brand9New',
      confirmPassword: 'Brand9New',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(inPage(ACCOUNT_RECOVERY_MESSAGES.resetInvalid));
  });
});

describe("the footer's newsletter form posted to the page it is on", () => {
  it('answers that page with the confirmation request, on any page', async () => {
    for (const page of ['/', '/about']) {
      const email = `reader-${page.length}@example.test`;
      const response = await post(page, { _form: PAGE_FORMS.newsletter, email });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(inPage(NEWSLETTER_MESSAGES.confirmSent));
      await ctx.app.jobs.drain();
      expect(messagesTo(mail.smtp, email)).toHaveLength(1);
    }
  });

  it('says an empty address is required', async () => {
    const response = await post('/', { _form: PAGE_FORMS.newsletter, email: '' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(inPage(NEWSLETTER_MESSAGES.emailRequired));
  });
});

describe('a post to a page', () => {
  it('naming no form it knows answers the page again saying so, not 404 or 405', async () => {
    const response = await post('/about', { _form: 'something-else' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(inPage(PAGE_FORM_NEEDS_APP));
  });

  it('to an API path is not a page post', async () => {
    const response = await post('/api/no-such-route', { _form: PAGE_FORMS.signIn });
    expect(response.statusCode).toBe(404);
  });
});
