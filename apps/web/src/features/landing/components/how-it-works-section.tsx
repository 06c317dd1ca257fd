import { type ComponentType, useId } from 'react';
import {
  CardIcon,
  HandshakeIcon,
  SearchHeartIcon,
  StarLineIcon,
  UserPlusIcon,
} from './landing-icons';

/** The buying journey, in the five steps the product promises. */
const STEPS: Array<{ title: string; text: string; Icon: ComponentType<{ className?: string }> }> = [
  { title: 'Sign Up', text: 'Sign up as User, Agent or Admin.', Icon: UserPlusIcon },
  {
    title: 'Browse & Save',
    text: 'Browse, filter and wishlist properties.',
    Icon: SearchHeartIcon,
  },
  {
    title: 'Make an Offer',
    text: 'Make an offer. It stays pending until the agent accepts or rejects it.',
    Icon: HandshakeIcon,
  },
  {
    title: 'Pay by Card',
    text: "Once accepted, pay by card. The status then becomes 'bought' and a transaction id is shown.",
    Icon: CardIcon,
  },
  {
    title: 'Add Reviews',
    text: 'Add reviews. Admins moderate all reviews.',
    Icon: StarLineIcon,
  },
];

/** Home: How Our Platform Works. */
export function HowItWorksSection() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-widest text-teal-800 uppercase">
            Five simple steps
          </p>
          <h2
            id={headingId}
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-teal-900 sm:text-4xl"
          >
            How Our Platform Works
          </h2>
          <p className="mt-3 text-lg text-stone-700">
            From your first search to the keys in your hand, every step happens in one place.
          </p>
        </div>
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {STEPS.map(({ title, text, Icon }, index) => (
            <li
              key={title}
              className="relative flex flex-col rounded-2xl border border-sand bg-cream p-6 sm:last:col-span-2 lg:last:col-span-1"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-teal-700 text-white">
                <Icon className="size-6" />
              </span>
              <p className="mt-5 text-sm font-semibold tracking-wide text-teal-800 uppercase">
                Step {index + 1}
              </p>
              <h3 className="mt-1 text-lg font-bold text-teal-900">{title}</h3>
              <p className="mt-2 text-stone-700">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
