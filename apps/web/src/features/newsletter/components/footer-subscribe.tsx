import { PAGE_FORMS } from '@keyhaven/shared/constants';
import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/button';
import { PAGE_FORM_FIELD, usePageAction, usePageForm } from '@/lib/page-form';
import { useSubscribe } from '../api/subscribe';
import { announceSubscribed, announceSubscribeFailed } from '../lib/announce';

/** The footer's 'Stay Updated' form. */
export function FooterSubscribe() {
  const inputId = useId();
  const subscription = useSubscribe();
  const pageAction = usePageAction();
  // How a subscription posted to this page without the app ended, when one was.
  const posted = usePageForm(PAGE_FORMS.newsletter);
  // Shown until the visitor subscribes again in the app, which announces its own answer.
  const postedAnswer = subscription.isIdle
    ? (posted?.done ?? posted?.message ?? posted?.errors.email)
    : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = new FormData(form).get('email');
    if (typeof email !== 'string') return;
    subscription.mutate(email.trim(), {
      onSuccess: (result) => {
        announceSubscribed(result);
        form.reset();
      },
      onError: announceSubscribeFailed,
    });
  }

  return (
    // Posts to the page it is on when the app has not started: see lib/page-form.ts.
    <form
      method="post"
      action={pageAction}
      onSubmit={onSubmit}
      aria-labelledby={`${inputId}-heading`}
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.newsletter} />
      <h2 id={`${inputId}-heading`} className="font-semibold text-cream">
        Stay Updated
      </h2>
      <p className="mt-2 text-sm text-teal-100">New listings and market news, once a month.</p>
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Your email"
          className="h-10 min-w-0 rounded-lg sm:flex-1 border border-teal-700 bg-white px-3 text-stone-900 placeholder:text-stone-500"
        />
        <Button type="submit" variant="light" disabled={subscription.isPending}>
          Subscribe
        </Button>
      </div>
      {postedAnswer && (
        <p
          role={posted?.done ? 'status' : 'alert'}
          className="mt-2 text-sm font-semibold text-amber-200"
        >
          {postedAnswer}
        </p>
      )}
    </form>
  );
}
