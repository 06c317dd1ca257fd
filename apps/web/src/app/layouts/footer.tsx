import { FOOTER_YEAR } from '@keyhaven/shared/constants';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon } from '@/components/ui/icons';
import { FooterSubscribe } from '@/features/newsletter/components/footer-subscribe';
import { BRAND_NAME } from '@/lib/brand';
import { paths } from '@/lib/paths';
import { BrandLink } from './brand-link';

// Every footer target without a page yet is a placeholder.
const PLACEHOLDER = '#';

const FOOTER_LINK = 'rounded text-teal-100 hover:text-white hover:underline';

/** The footer links whose pages exist. */
const LINK_TARGETS: Record<string, string> = { Agents: paths.agents };

const SOCIAL_LINKS: Array<{ label: string; Icon: ComponentType<{ className?: string }> }> = [
  { label: 'Facebook', Icon: FacebookIcon },
  { label: 'X', Icon: XIcon },
  { label: 'Instagram', Icon: InstagramIcon },
  { label: 'LinkedIn', Icon: LinkedInIcon },
];

const COLUMNS = [
  { title: 'Company', links: ['About Us', 'Careers', 'Press', 'Blog'] },
  { title: 'Support', links: ['Help Center', 'Contact Us', 'FAQs', 'Terms'] },
  { title: 'Explore', links: ['All Properties', 'Agents', 'Reviews', 'Wishlist'] },
];

export function Footer() {
  return (
    <footer className="on-dark bg-teal-900 text-teal-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1fr_1.6fr] lg:px-8">
        <div>
          <BrandLink tone="light" />
          <p className="mt-3 text-teal-100">Find Your Perfect Place</p>
          <ul className="mt-5 flex gap-2">
            {SOCIAL_LINKS.map(({ label, Icon }) => (
              <li key={label}>
                <a
                  href={PLACEHOLDER}
                  aria-label={label}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-teal-800 text-cream transition-colors hover:bg-teal-700"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>

        {COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="font-semibold text-cream">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((label) => (
                <li key={label}>
                  {LINK_TARGETS[label] ? (
                    <Link to={LINK_TARGETS[label]} className={FOOTER_LINK}>
                      {label}
                    </Link>
                  ) : (
                    <a href={PLACEHOLDER} className={FOOTER_LINK}>
                      {label}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}

        <FooterSubscribe />
      </div>
      <div className="border-t border-teal-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-teal-100 sm:px-6 lg:px-8">
          © {FOOTER_YEAR} {BRAND_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
