import { describe, expect, it } from 'vitest';
import { renderMail, TEMPLATE_NAMES, type TemplateProps } from './index.js';

const context = { brandName: 'Harbour Homes', publicUrl: 'https://homes.example.test' };
const listing = {
  title: 'Bright flat by the river',
  location: 'Lisbon, Portugal',
  price: '$420,000',
  url: 'https://homes.example.test/property/1',
  imageUrl: null,
};

/** Props for each kind, as the modules that send them pass them. */
const SAMPLES: TemplateProps = {
  'password-reset': { resetUrl: 'https://homes.example.test/reset-password?token=t' },
  'verify-email': { verifyUrl: 'https://homes.example.test/verify-email?token=t' },
  'password-changed': { name: 'Ada', forgotUrl: 'https://homes.example.test/forgot-password' },
  notification: {
    name: 'Ada',
    kind: 'offer_accepted',
    title: 'Your offer was accepted',
    body: 'Pay within 7 days to buy Bright flat by the river.',
    url: 'https://homes.example.test/dashboard/property-bought',
  },
  'search-alert': {
    name: 'Ada',
    searchName: 'Lisbon flats',
    searchUrl: 'https://homes.example.test/all-properties?location=Lisbon',
    listings: [listing],
  },
  'search-digest': {
    name: 'Ada',
    searches: [
      {
        searchName: 'Lisbon flats',
        searchUrl: 'https://homes.example.test/all-properties?location=Lisbon',
        listings: [listing, { ...listing, title: 'Loft', url: `${listing.url}0` }],
      },
    ],
  },
  'newsletter-confirm': { confirmUrl: 'https://homes.example.test/newsletter/confirm?token=t' },
  'newsletter-welcome': {},
  'shared-wishlist-invitation': {
    inviterName: 'Ada',
    inviterEmail: 'ada@example.test',
    acceptUrl: 'https://homes.example.test/dashboard/wishlist?invitation=t',
  },
};

describe('e-mail templates', () => {
  it.each(TEMPLATE_NAMES)(
    '%s has a subject, an HTML and a text part, the brand and the settings link',
    async (name) => {
      const mail = await renderMail(name, SAMPLES[name] as never, context);

      expect(mail.subject.length).toBeGreaterThan(0);
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.html).toContain('Harbour Homes');
      expect(mail.html).toContain(
        'href="https://homes.example.test/dashboard/notification-settings"',
      );
      expect(mail.text).toContain('https://homes.example.test/dashboard/notification-settings');
      expect(mail.text).not.toContain('<');
      // Nothing is loaded from elsewhere: no stylesheet, font or script, only inline styles.
      expect(mail.html).not.toMatch(/<link|<script|@import|@font-face/);
    },
  );

  it('names the homes and their prices in an alert', async () => {
    const mail = await renderMail('search-digest', SAMPLES['search-digest'], context);

    expect(mail.subject).toBe('Today: 2 new homes for your saved searches');
    expect(mail.text).toContain('Bright flat by the river');
    expect(mail.text).toContain('Lisbon, Portugal · $420,000');
  });

  it('agrees in number when an alert tells of one home or several', async () => {
    const one = await renderMail('search-alert', SAMPLES['search-alert'], context);
    expect(one.subject).toBe('A new home for your saved search');
    expect(one.text).toContain(
      'A home that matches your saved search “Lisbon flats” was just listed.',
    );
    const three = await renderMail(
      'search-alert',
      {
        ...SAMPLES['search-alert'],
        listings: [1, 2, 3].map((n) => ({
          ...listing,
          title: `Flat ${n}`,
          url: `${listing.url}${n}`,
        })),
      },
      context,
    );
    expect(three.subject).toBe('3 new homes for your saved search');
    expect(three.text).toContain(
      '3 homes that match your saved search “Lisbon flats” were just listed.',
    );
  });

  it('shows the links a message is about in its text part', async () => {
    const mail = await renderMail('password-reset', SAMPLES['password-reset'], context);

    expect(mail.subject).toBe('Reset your Harbour Homes password');
    expect(mail.text).toContain('https://homes.example.test/reset-password?token=t');
  });

  it('says who invites to shop together, with our own subject', async () => {
    const mail = await renderMail(
      'shared-wishlist-invitation',
      SAMPLES['shared-wishlist-invitation'],
      context,
    );

    expect(mail.subject).toBe('An invitation to shop for homes together on Harbour Homes');
    expect(mail.text).toContain('Ada (ada@example.test) invited you');
    expect(mail.text).toContain('https://homes.example.test/dashboard/wishlist?invitation=t');
  });
});
