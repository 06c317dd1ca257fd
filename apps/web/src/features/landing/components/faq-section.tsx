import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { ChevronDownIcon } from './landing-icons';

/** The five questions buyers ask first. */
const FAQS = [
  {
    question: 'How do I make an offer on a property?',
    answer:
      'Sign in, open a listing and choose Make Offer. Enter an amount within the listed price range and a buying date in the future. Your offer stays pending until the agent accepts or rejects it.',
  },
  {
    question: 'Are the listings verified?',
    answer:
      'Yes. An administrator checks every listing before buyers can see it, and listings from agents found to be fraudulent are taken down.',
  },
  {
    question: 'How do I pay once my offer is accepted?',
    answer:
      "Go to My Bought Properties in your dashboard and choose Complete Payment to pay by card through our secure payment provider. The status then becomes 'bought' and a transaction id is shown.",
  },
  {
    question: 'Can I save properties to look at later?',
    answer:
      'Yes. Add any listing to your wish list and find it again under My Wish List in your dashboard. You can remove it at any time.',
  },
  {
    question: 'Who can write reviews, and who checks them?',
    answer:
      'Buyers can review the platform and the properties they view; posting again on the same property replaces your earlier review. Admins moderate all reviews.',
  },
] as const;

/**
 * Home: the FAQ as an accordion with one answer open at a time (the first to start
 * with). Each question is a button in a heading (WAI-ARIA accordion pattern): Enter or Space
 * toggles it, and Up, Down, Home and End move between questions.
 */
export function FaqSection() {
  const id = useId();
  const headingId = `${id}-heading`;
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  const buttonsRef = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = FAQS.length - 1;
    const next = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    buttonsRef.current[next]?.focus();
  }

  return (
    <section aria-labelledby={headingId} className="py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_2fr] lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-widest text-teal-800 uppercase">FAQ</p>
          <h2
            id={headingId}
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-teal-900 sm:text-4xl"
          >
            Frequently Asked Questions
          </h2>
          <p className="mt-3 text-lg text-stone-700">
            Everything you need to know about buying, paying and reviewing. Still curious? Our
            support team answers 24/7.
          </p>
        </div>
        <div className="divide-y divide-sand overflow-hidden rounded-2xl border border-sand bg-white shadow-sm">
          {FAQS.map(({ question, answer }, index) => {
            const open = openIndex === index;
            const buttonId = `${id}-question-${index}`;
            const panelId = `${id}-answer-${index}`;
            return (
              <div key={question}>
                <h3>
                  <button
                    ref={(element) => {
                      buttonsRef.current[index] = element;
                    }}
                    id={buttonId}
                    type="button"
                    aria-expanded={open}
                    aria-controls={panelId}
                    onClick={() => setOpenIndex(open ? null : index)}
                    onKeyDown={(event) => onKeyDown(event, index)}
                    className={cn(
                      'flex w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-stone-900 transition-colors hover:bg-teal-50 sm:px-6 sm:text-lg',
                      open && 'bg-teal-50 text-teal-900',
                    )}
                  >
                    {question}
                    <ChevronDownIcon
                      className={cn(
                        'size-5 shrink-0 text-teal-800 motion-safe:transition-transform',
                        open && 'rotate-180',
                      )}
                    />
                  </button>
                </h3>
                <section
                  id={panelId}
                  aria-labelledby={buttonId}
                  hidden={!open}
                  className="px-5 pt-1 pb-5 text-stone-700 sm:px-6"
                >
                  <p>{answer}</p>
                </section>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
