import { AUTH_MESSAGES, IMAGE_MESSAGES } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, nextAddress, registrationBody } from '../../../test/helpers/accounts.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { uploadAs } from '../../../test/helpers/uploads.js';
import { accounts, users } from '../../db/schema.js';

const ctx = useTestApp();

const register = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/auth/register', payload, remoteAddress: nextAddress() });
const login = (payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/auth/login', payload, remoteAddress });

describe('POST /auth/register', () => {
  it('creates the account and profile with role user, signs in and sets an httpOnly cookie', async () => {
    // A photo sent with the registration is one the client registering uploaded, signed in.
    const uploader = await createAccount(ctx.app);
    const { url: photo } = await uploadAs(ctx.app, uploader, { purpose: 'avatar' });
    const body = registrationBody({ role: 'admin', photo });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: uploader.bearer,
      payload: body,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(200);
    const { user, token } = response.json();
    expect(token).toEqual(expect.any(String));
    expect(user).toMatchObject({
      name: body.name,
      email: body.email,
      phone: body.phone,
      country: body.country,
      birth: body.birth,
      photo,
      role: 'user',
    });
    expect(user._id).toBe(user.uid);
    const cookie = String([response.headers['set-cookie']].flat().join('\n'));
    expect(cookie).toMatch(/keyhaven\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const [stored] = await ctx.app.db.select().from(users).where(eq(users.id, user._id));
    expect(stored?.role).toBe('user');
    const [account] = await ctx.app.db.select().from(accounts).where(eq(accounts.userId, user._id));
    expect(account?.password).not.toContain(body.password);
  });

  it.each([
    ['name', 'Full Name is required'],
    ['email', 'Email is required'],
    ['phone', 'Phone Number is required'],
    ['country', 'Country is required'],
    ['birth', 'Date of Birth is required'],
    ['password', 'Password is required'],
  ])('answers 400 "%s" -> %s when missing or blank', async (field, message) => {
    for (const value of [undefined, '']) {
      const response = await register(registrationBody({ [field]: value }));
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().fields[field]).toBe(message);
    }
  });

  it('enforces the password rules with the product messages', async () => {
    const short = await register(registrationBody({ password: 'Ab1' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe('Password must be at least 6 characters');
    for (const weak of ['alllowercase1', 'ALLUPPER1', 'NoDigitsHere']) {
      const response = await register(registrationBody({ password: weak }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.password).toBe(
        'Password must contain uppercase, lowercase, and numbers',
      );
    }
  });

  it('refuses photos that are not uploads stored here, and takes an empty one as none', async () => {
    for (const photo of [
      'javascript:alert(1)',
      'http://example.com/x.png',
      'https://images.example.test/me.png',
      'file:///etc/passwd',
      `/uploads/${'0'.repeat(32)}-1600.webp`,
    ]) {
      const response = await register(registrationBody({ photo }));
      expect(response.statusCode, photo).toBe(400);
      expect(response.json().fields, photo).toEqual({ photo: IMAGE_MESSAGES.photoNotUploaded });
    }
    expect(await ctx.app.db.select().from(users)).toEqual([]);
    const empty = await register(registrationBody({ photo: '' }));
    expect(empty.statusCode).toBe(200);
    expect(empty.json().user.photo).toBeNull();
  });

  it('answers 409 for an e-mail already registered, whatever its case', async () => {
    const first = registrationBody();
    expect((await register(first)).statusCode).toBe(200);
    const again = await register({ ...registrationBody(), email: first.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: AUTH_MESSAGES.emailTaken, code: 'CONFLICT' });
  });
});

describe('POST /auth/login', () => {
  it('signs in and answers the user and a token', async () => {
    const account = await createAccount(ctx.app);
    const response = await login({ email: account.email, password: account.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(account.email);
    expect(response.json().token).toEqual(expect.any(String));
  });

  it('answers unknown e-mail and wrong password identically', async () => {
    const account = await createAccount(ctx.app);
    const wrong = await login({ email: account.email, password: 'Wrong1234' });
    const unknown = await login({ email: 'nobody@example.test', password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid email or password', code: 'UNAUTHENTICATED' });
    expect(unknown.body).toBe(wrong.body);
  });

  it('refuses a sixth attempt from one address at one account, even with the right password', async () => {
    const account = await createAccount(ctx.app);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await login({ email: account.email, password: 'Wrong1234' }, '10.1.0.1');
      expect(response.statusCode).toBe(401);
    }
    const sixth = await login({ email: account.email, password: account.password }, '10.1.0.1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
    // The account itself is not locked: from elsewhere its owner signs in.
    const elsewhere = await login({ email: account.email, password: account.password }, '10.1.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses an address after 20 failures across accounts', async () => {
    for (let attempt = 1; attempt <= 20; attempt++) {
      await login({ email: `ghost${attempt}@example.test`, password: 'Wrong1234' }, '10.2.0.1');
    }
    const account = await createAccount(ctx.app);
    const response = await login({ email: account.email, password: account.password }, '10.2.0.1');
    expect(response.statusCode).toBe(429);
  });
});

describe('sessions', () => {
  it('work with the bearer token and with the cookie', async () => {
    const account = await createAccount(ctx.app);
    for (const headers of [account.bearer, { cookie: account.cookie }]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/auth/session', headers });
      expect(response.json().user?._id).toBe(account.id);
    }
  });

  it('end on logout: the old token then gets 401', async () => {
    const account = await createAccount(ctx.app);
    const profile = () =>
      ctx.app.inject({ method: 'GET', url: `/auth/users/${account.id}`, headers: account.bearer });
    expect((await profile()).statusCode).toBe(200);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: account.bearer,
    });
    expect(logout.statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(401);
  });

  it('report signed-out visitors as null', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/auth/session' });
    expect(response.json()).toEqual({ user: null });
  });
});
