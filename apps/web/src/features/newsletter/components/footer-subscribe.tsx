import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/button';
import { useSubscribe } from '../api/subscribe';
import { announceSubscribed, announceSubscribeFailed } from '../lib/announce';

/** The footer's 'Stay Updated' form. */
export function FooterSubscribe() {
  const inputId = useId();
  const subscription = useSubscribe();

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
    <form onSubmit={onSubmit} aria-labelledby={`${inputId}-heading`}>
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
    </form>
  );
}
