import { PAGE_FORMS } from '@keyhaven/shared/constants';
import { NEWSLETTER_MESSAGES } from '@keyhaven/shared/texts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { AppForm } from '@/components/form/app-form';
import { SubmitButton } from '@/components/form/submit-button';
import { BRAND_NAME } from '@/lib/brand';
import { PAGE_FORM_FIELD } from '@/lib/page-form';
import { useSubscribe } from '../api/subscribe';
import { announceSubscribed, announceSubscribeFailed } from '../lib/announce';

/** The e-mail is required and must be an e-mail address. */
function validate(input: HTMLInputElement) {
  if (input.validity.valueMissing || !input.value.trim()) return NEWSLETTER_MESSAGES.emailRequired;
  if (!input.validity.valid) return NEWSLETTER_MESSAGES.invalidEmail;
  return null;
}

/**
 * Home: the newsletter sign-up. It posts to the same endpoint as the footer's 'Stay
 * Updated' field and reports 'Subscribed!' or 'Oops...' the same way.
 */
export function NewsletterSection() {
  const id = useId();
  const headingId = `${id}-heading`;
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const subscription = useSubscribe();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = inputRef.current;
    if (!input) return;
    const problem = validate(input);
    setError(problem);
    if (problem) {
      input.focus();
      return;
    }
    subscription.mutate(input.value.trim(), {
      onSuccess: (result) => {
        announceSubscribed(result);
        form.reset();
      },
      onError: announceSubscribeFailed,
    });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="on-dark bg-linear-to-br from-teal-800 to-teal-950 py-16 text-cream sm:py-20"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-widest text-amber-200 uppercase">
            Newsletter
          </p>
          <h2
            id={headingId}
            className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            Subscribe to Our Newsletter
          </h2>
          <p className="mt-3 text-lg text-teal-50">
            New verified listings, market news and buying tips from {BRAND_NAME}, once a month. No
            spam, and you can leave at any time.
          </p>
        </div>
        <AppForm onSubmit={onSubmit} aria-labelledby={headingId}>
          <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.newsletter} />
          <label htmlFor={inputId} className="block font-semibold text-cream">
            Email address
          </label>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row">
            <input
              ref={inputRef}
              id={inputId}
              name="email"
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={() => error && setError(null)}
              className="h-12 min-w-0 rounded-lg border-2 border-transparent bg-white px-4 text-base text-stone-900 placeholder:text-stone-500 aria-invalid:border-red-400 sm:flex-1"
            />
            <SubmitButton
              busy={subscription.isPending}
              busyLabel="Subscribing..."
              variant="light"
              size="lg"
            >
              Subscribe
            </SubmitButton>
          </div>
          {error && (
            <p id={errorId} role="alert" className="mt-2 text-sm font-semibold text-amber-200">
              <span aria-hidden="true">⚠ </span>
              {error}
            </p>
          )}
        </AppForm>
      </div>
    </section>
  );
}
