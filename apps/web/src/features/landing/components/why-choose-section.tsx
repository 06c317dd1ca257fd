import { type ComponentType, useId } from 'react';
import { BRAND_NAME } from '@/lib/brand';
import { BadgeCheckIcon, HeadsetIcon, LockIcon, ShieldCheckIcon } from './landing-icons';

/** Four feature cards: what the marketplace promises, 24/7 support included. */
const FEATURES: Array<{
  title: string;
  text: string;
  Icon: ComponentType<{ className?: string }>;
}> = [
  {
    title: 'Verified Listings',
    text: 'An administrator approves every listing before it goes live, so the homes you browse are real.',
    Icon: ShieldCheckIcon,
  },
  {
    title: 'Trusted Agents',
    text: 'Your offer goes straight to the agent who lists the home, and only that agent can accept it.',
    Icon: BadgeCheckIcon,
  },
  {
    title: 'Secure Card Payments',
    text: 'Pay by card through a trusted payment provider once your offer is accepted, and get a transaction id.',
    Icon: LockIcon,
  },
  {
    title: 'Support 24/7',
    text: 'Questions about a listing, an offer or a payment? Our team answers around the clock.',
    Icon: HeadsetIcon,
  },
];

/** Home: Why Choose {brand}, with a mission statement. */
export function WhyChooseSection() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[2fr_3fr] lg:gap-16">
          <div>
            <p className="text-sm font-semibold tracking-widest text-teal-800 uppercase">
              Find a home, safely
            </p>
            <h2
              id={headingId}
              className="mt-2 text-3xl font-bold tracking-tight text-balance text-teal-900 sm:text-4xl"
            >
              Why Choose {BRAND_NAME}
            </h2>
            <figure className="mt-6 rounded-2xl bg-teal-900 p-6 text-cream">
              <figcaption className="text-sm font-semibold tracking-widest text-amber-200 uppercase">
                Our mission
              </figcaption>
              <blockquote className="mt-3 text-lg leading-relaxed">
                <p>
                  To make buying a home simple, transparent and safe, from the first search to the
                  final payment, with verified listings, trusted agents and a secure purchase for
                  every buyer.
                </p>
              </blockquote>
            </figure>
          </div>
          <ul className="grid gap-6 sm:grid-cols-2">
            {FEATURES.map(({ title, text, Icon }) => (
              <li key={title} className="rounded-2xl border border-sand bg-cream p-6">
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-teal-100 text-teal-800">
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-bold text-teal-900">{title}</h3>
                <p className="mt-2 text-stone-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
