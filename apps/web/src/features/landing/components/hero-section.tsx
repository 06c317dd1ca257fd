import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { paths } from '@/lib/paths';

const PROMISES = [
  { title: 'Verified listings', text: 'Every home is approved before it goes live.' },
  { title: 'Trusted agents', text: 'Offers go straight to the agent who lists the home.' },
  { title: 'Secure purchase', text: 'Pay by card once your offer is accepted.' },
];

export function HeroSection() {
  return (
    <section className="on-dark relative overflow-hidden bg-linear-to-br from-teal-800 via-teal-900 to-teal-950 text-cream">
      {/* A drawn skyline instead of a photo: nothing more to download before the page is useful. */}
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 1200 200"
        preserveAspectRatio="xMidYMax slice"
        className="absolute inset-x-0 bottom-0 h-32 w-full text-teal-700/35 sm:h-44"
      >
        <path
          fill="currentColor"
          d="M0 200V120L70 70L140 120V150L190 110L240 150V100L330 40L420 100V135L480 90L540 135V110L620 55L700 110V145L755 105L810 145V95L905 35L1000 95V140L1045 100L1090 140V120L1145 75L1200 120V200Z"
        />
      </svg>
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pt-16 pb-36 sm:px-6 sm:pt-24 sm:pb-52 lg:grid-cols-[1fr_22rem] lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-widest text-amber-200 uppercase">
            Homes you can trust
          </p>
          <h1 className="mt-4 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Find Your Perfect Haven
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-teal-50">
            Browse verified homes, make an offer in a few clicks and pay securely once the agent
            accepts. Your next address is closer than you think.
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link
              to={paths.allProperties}
              className={buttonStyles({ variant: 'light', size: 'lg' })}
            >
              Explore Properties
            </Link>
            <Link
              to={paths.dashboard.root}
              className={buttonStyles({ variant: 'outlineLight', size: 'lg' })}
            >
              Dashboard
            </Link>
          </div>
        </div>
        <ul className="hidden space-y-4 rounded-2xl bg-white/10 p-6 ring-1 ring-white/20 backdrop-blur lg:block">
          {PROMISES.map(({ title, text }) => (
            <li key={title} className="flex gap-3">
              <CheckIcon className="mt-0.5 size-6 shrink-0 text-amber-200" />
              <div>
                <p className="font-semibold text-white">{title}</p>
                <p className="text-sm text-teal-50">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
