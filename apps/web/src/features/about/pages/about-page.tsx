import type { ComponentType } from 'react';
import { ContentLayout } from '@/components/layouts/content-layout';
import { PageMeta } from '@/components/page-meta';
import { Avatar } from '@/components/ui/avatar';
import { GitHubIcon, GlobeIcon, LinkedInIcon, MailIcon } from '@/components/ui/icons';
import { BRAND_NAME } from '@/lib/brand';
import { paths } from '@/lib/paths';

/** What search results and link previews say about this page. */
const ABOUT_DESCRIPTION = `About ${BRAND_NAME}: we make buying a home simple, transparent and safe, from the first search to the final payment, with every listing verified before buyers see it.`;

const PRINCIPLES = [
  {
    title: 'Our Mission',
    text: 'Make buying a home simple, transparent and safe, from the first search to the final payment.',
  },
  {
    title: 'Our Vision',
    text: 'A marketplace where every listing is verified and buyers and agents can trust the other side of the deal.',
  },
  {
    title: 'Our Values',
    text: 'Honesty in every listing, respect for people’s time and money, and security built into every step.',
  },
];

const CREATOR = {
  name: 'Nadia Rahman',
  role: 'Founding Engineer',
};

// Placeholder targets until the creator's public profiles are published.
const CREATOR_LINKS: Array<{
  label: string;
  accessibleName: string;
  href: string;
  Icon: ComponentType<{ className?: string }>;
}> = [
  {
    label: 'Email',
    accessibleName: `Email ${CREATOR.name}`,
    href: 'mailto:creator@keyhaven.example',
    Icon: MailIcon,
  },
  { label: 'GitHub', accessibleName: `${CREATOR.name} on GitHub`, href: '#', Icon: GitHubIcon },
  {
    label: 'LinkedIn',
    accessibleName: `${CREATOR.name} on LinkedIn`,
    href: '#',
    Icon: LinkedInIcon,
  },
  {
    label: 'Portfolio',
    accessibleName: `${CREATOR.name}’s portfolio`,
    href: '#',
    Icon: GlobeIcon,
  },
];

const REASONS = [
  {
    title: 'Verified Listings',
    text: 'An administrator approves every listing before buyers see it, so what you browse is real.',
  },
  {
    title: 'Role-Based Dashboards',
    text: 'Buyers, agents and administrators each get a dashboard built around the work they do.',
  },
  {
    title: 'Secure Card Payments',
    text: 'Once an agent accepts your offer, pay by card through a trusted payment provider and get a transaction id.',
  },
  {
    title: 'Property Reviews',
    text: 'Read and write reviews of homes and of the platform; administrators moderate every one.',
  },
  {
    title: 'Powerful Search',
    text: 'Filter by location, property type and price range to get to the right home faster.',
  },
  {
    title: 'Support 24/7',
    text: 'Questions about a listing, an offer or a payment? Our team answers around the clock.',
  },
];

export function AboutPage() {
  return (
    <ContentLayout heading={`About ${BRAND_NAME}`}>
      <PageMeta title="About" description={ABOUT_DESCRIPTION} path={paths.about} />
      <p className="mt-4 max-w-3xl text-lg text-stone-700">
        {BRAND_NAME} is a real-estate marketplace where buyers find verified homes, agents reach
        serious buyers, and every purchase is handled securely: browse and search listings, save
        favourites, make an offer, pay by card once it is accepted, and review the home you bought.
      </p>

      <section aria-labelledby="principles" className="mt-14">
        <h2 id="principles" className="sr-only">
          Mission, vision and values
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {PRINCIPLES.map(({ title, text }) => (
            <li key={title} className="rounded-2xl border border-sand bg-white p-6 shadow-sm">
              <h3 className="text-xl font-semibold text-teal-900">{title}</h3>
              <p className="mt-3 text-stone-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="creator" className="mt-16">
        <h2 id="creator" className="text-2xl font-bold text-teal-900 sm:text-3xl">
          Meet the Creator
        </h2>
        <div className="mt-6 flex flex-col gap-6 rounded-2xl border border-sand bg-white p-6 shadow-sm sm:flex-row sm:p-8">
          <Avatar name={CREATOR.name} src={null} className="size-24 text-2xl" />
          <div>
            <h3 className="text-xl font-semibold text-stone-900">{CREATOR.name}</h3>
            <p className="font-medium text-teal-800">{CREATOR.role}</p>
            <p className="mt-4 max-w-3xl text-stone-700">
              Nadia is a full-stack engineer who has spent eight years building marketplaces and
              payment systems. She started {BRAND_NAME} after buying her first flat and finding the
              process slow, opaque and stressful. She designed its role-based dashboards, the
              offer-to-payment flow and the accessibility standard every screen is held to. Away
              from the keyboard she teaches web accessibility at local coding meetups.
            </p>
            <ul className="mt-6 flex flex-wrap gap-3">
              {CREATOR_LINKS.map(({ label, accessibleName, href, Icon }) => (
                <li key={label}>
                  <a
                    href={href}
                    aria-label={accessibleName}
                    className="inline-flex items-center gap-2 rounded-lg border border-teal-700 px-3 py-2 font-medium text-teal-800 transition-colors hover:bg-teal-50"
                  >
                    <Icon className="size-5" />
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="why" className="mt-16">
        <h2 id="why" className="text-2xl font-bold text-teal-900 sm:text-3xl">
          Why Choose {BRAND_NAME}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {REASONS.map(({ title, text }) => (
            <li key={title} className="rounded-2xl bg-teal-50 p-6">
              <h3 className="text-lg font-semibold text-teal-900">{title}</h3>
              <p className="mt-2 text-stone-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </ContentLayout>
  );
}
