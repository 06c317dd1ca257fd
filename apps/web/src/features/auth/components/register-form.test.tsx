import { LIMITS } from '@keyhaven/shared/constants';
import { AUTH_MESSAGES, MESSAGES, requiredMessage } from '@keyhaven/shared/texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, refusal } from '@/test/fake-api';
import { fillFields } from '@/test/fill';
import { buyer, picture, refusedFiles } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { RegisterForm } from './register-form';

const LABELS = ['Full Name', 'Email', 'Phone Number', 'Country', 'Date of Birth', 'Password'];

const person = {
  name: 'Bea Buyer',
  email: 'buyer1@keyhaven.test',
  phone: '+1 555 0100',
  country: 'United States',
  birth: '1990-04-12',
  password: 'Buyer123',
};

/** A day after tomorrow, in the visitor's calendar: in the future wherever the test runs. */
function inTwoDays() {
  const day = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

function renderRegister() {
  const onSuccess = vi.fn();
  const view = renderInApp(<RegisterForm onSuccess={onSuccess} />);
  const field = (label: string) => screen.getByLabelText(label);
  /** Fills every field with `person`, then `changes` over it ('' empties a field). */
  const fill = (changes: Partial<typeof person> = {}) => {
    const values = { ...person, ...changes };
    return fillFields(view.user, {
      'Full Name': values.name,
      Email: values.email,
      'Phone Number': values.phone,
      Country: values.country,
      'Date of Birth': values.birth,
      Password: values.password,
    });
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Register' }));
  return { ...view, onSuccess, field, fill, submit };
}

const registered = { user: buyer, token: 'session-token' };

describe('RegisterForm', () => {
  it('requires every field, each with its own label', async () => {
    const api = fakeApi({});
    const { submit, field } = renderRegister();
    await submit();
    for (const label of LABELS) {
      expect(await screen.findByText(requiredMessage(label))).toBeInTheDocument();
      expect(field(label)).toHaveAccessibleDescription(
        expect.stringContaining(requiredMessage(label)),
      );
      expect(field(label)).toBeInvalid();
    }
    expect(api.sent).toEqual([]);
  });

  it('counts a field of spaces as empty', async () => {
    const { fill, submit } = renderRegister();
    await fill({ name: '   ', country: '  ' });
    await submit();
    expect(await screen.findByText(requiredMessage('Full Name'))).toBeInTheDocument();
    expect(screen.getByText(requiredMessage('Country'))).toBeInTheDocument();
  });

  it.each([
    ['name', 'Full Name', 100],
    ['email', 'Email', 254],
    ['phone', 'Phone Number', 30],
    ['country', 'Country', 60],
    ['password', 'Password', 128],
  ] as const)('refuses a %s longer than %s allows', async (key, label, max) => {
    const tooLong = {
      name: 'N'.repeat(max + 1),
      email: `${'b'.repeat(max)}@keyhaven.test`,
      phone: '5'.repeat(max + 1),
      country: 'C'.repeat(max + 1),
      password: `Aa1${'x'.repeat(max)}`,
    }[key];
    const { fill, submit, field } = renderRegister();
    await fill({ [key]: tooLong });
    await submit();
    const message = `${label} must be at most ${max} characters`;
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('refuses an e-mail that is not an address', async () => {
    const { fill, submit, field } = renderRegister();
    await fill({ email: 'buyer1@keyhaven' });
    await submit();
    expect(await screen.findByText(AUTH_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(field('Email')).toBeInvalid();
  });

  it('refuses a phone number with letters in it', async () => {
    const { fill, submit } = renderRegister();
    await fill({ phone: 'call me maybe' });
    await submit();
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
  });

  it('refuses a date of birth in the future', async () => {
    const { fill, submit } = renderRegister();
    await fill({ birth: inTwoDays() });
    await submit();
    expect(await screen.findByText(AUTH_MESSAGES.birthInFuture)).toBeInTheDocument();
  });

  it('refuses a password shorter than the minimum', async () => {
    const { fill, submit } = renderRegister();
    await fill({ password: 'Ab1'.padEnd(LIMITS.passwordMinLength - 1, 'c') });
    await submit();
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooShort)).toBeInTheDocument();
  });

  it.each([
    ['no uppercase letter', 'buyer123'],
    ['no lowercase letter', 'BUYER123'],
    ['no digit', 'BuyerOne'],
  ])('refuses a password with %s', async (_, password) => {
    const { fill, submit } = renderRegister();
    await fill({ password });
    await submit();
    expect(await screen.findByText(AUTH_MESSAGES.passwordTooWeak)).toBeInTheDocument();
  });

  it.each([
    [
      'a file that is not a picture',
      'notAPicture',
      MESSAGES.upload.invalidTypeTitle,
      MESSAGES.upload.invalidType,
    ],
    [
      'a photo over the size limit',
      'tooLarge',
      MESSAGES.upload.tooLargeTitle,
      MESSAGES.upload.tooLarge,
    ],
  ] as const)('refuses %s as the profile photo', async (_, file, title, message) => {
    const { user } = renderRegister();
    await user.upload(screen.getByLabelText('Profile Photo'), refusedFiles()[file]);
    const popup = await screen.findByRole('alertdialog', { name: title });
    expect(within(popup).getByText(message)).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('img', { name: 'Preview of your chosen file' })).toBeNull();
  });

  it('creates the account with what was typed, trimmed, and no photo', async () => {
    const api = fakeApi({
      'POST /auth/register': json(registered, 201),
      'GET /auth/session': json({ user: buyer }),
    });
    const { fill, submit, onSuccess } = renderRegister();
    await fill({ name: '  Bea Buyer ', email: 'Buyer1@Keyhaven.test' });
    await submit();
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith(registered));
    expect(api.requestsTo('POST /auth/register').map((request) => request.body)).toEqual([
      { ...person, photo: null },
    ]);
  });

  it('uploads the chosen photo once the account exists, and saves it to the profile', async () => {
    const photoUrl = '/uploads/face42-1600.webp';
    const api = fakeApi({
      'POST /auth/register': json(registered, 201),
      'GET /auth/session': json({ user: { ...buyer, photo: photoUrl } }),
      'POST /api/uploads?purpose=avatar': json({
        success: true,
        data: {
          url: photoUrl,
          thumbnailUrl: '/uploads/face42-480.webp',
          width: 800,
          height: 800,
          placeholder: '1QcSHQRnh493V4dIh4eXh1h4kJUI',
        },
      }),
      'PATCH /api/profile/photo': json({ ...buyer, photo: photoUrl }),
    });
    const { user, fill, submit, onSuccess } = renderRegister();
    await user.upload(screen.getByLabelText('Profile Photo'), picture('me.jpg'));
    expect(screen.getByRole('img', { name: 'Preview of your chosen file' })).toBeInTheDocument();
    await fill();
    await submit();
    expect(await screen.findByText(MESSAGES.upload.success)).toBeInTheDocument();
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(onSuccess.mock.lastCall?.[0]).toEqual({
      ...registered,
      user: { ...buyer, photo: photoUrl },
    });
    const uploads = api.requestsTo('POST /api/uploads?purpose=avatar');
    expect(uploads.map((upload) => (upload.body as FormData).get('image'))).toEqual([
      expect.any(File),
    ]);
    expect(api.requestsTo('PATCH /api/profile/photo').map((request) => request.body)).toEqual([
      { photo: photoUrl },
    ]);
  });

  it('submits with Enter, and moves focus to the first field to fix', async () => {
    const { user, field } = renderRegister();
    await user.type(field('Country'), 'United States{Enter}');
    expect(await screen.findByText(requiredMessage('Full Name'))).toBeInTheDocument();
    expect(field('Full Name')).toHaveFocus();
  });

  it('puts a taken e-mail under the Email field and explains in the Registration Error popup', async () => {
    fakeApi({ 'POST /auth/register': refusal(409, AUTH_MESSAGES.emailTaken, 'CONFLICT') });
    const { user, fill, submit, field, onSuccess } = renderRegister();
    await fill();
    await submit();
    const popup = await screen.findByRole('alertdialog', {
      name: AUTH_MESSAGES.registrationErrorTitle,
    });
    expect(within(popup).getByText(AUTH_MESSAGES.emailTaken)).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(field('Email')).toHaveAccessibleDescription(AUTH_MESSAGES.emailTaken);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("puts the server's field messages under their fields", async () => {
    const phoneRefused = 'Please enter a valid phone number';
    fakeApi({
      'POST /auth/register': refusal(
        400,
        'Please check the highlighted fields',
        'VALIDATION_FAILED',
        {
          phone: phoneRefused,
        },
      ),
    });
    const { user, fill, submit, field } = renderRegister();
    await fill();
    await submit();
    const popup = await screen.findByRole('alertdialog', {
      name: AUTH_MESSAGES.registrationErrorTitle,
    });
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(field('Phone Number')).toHaveAccessibleDescription(phoneRefused);
  });
});
