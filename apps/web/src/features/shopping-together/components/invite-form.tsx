import { SHOPPING_TOGETHER_MESSAGES as M } from '@keyhaven/shared/texts';
import { type FormEvent, useState } from 'react';
import { AppForm } from '@/components/form/app-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, failureMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { sharedChanges, useSharedChange } from '../api/shared-wishlist';

const looksLikeAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * Invite someone by e-mail. The answer is the same for any address (the server never says whether
 * it has an account); refusals about the caller's own list (yourself, already on it, full) show by
 * the field.
 */
export function InviteForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const invite = useSharedChange(sharedChanges.invite);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!looksLikeAddress(address)) {
      setError('Enter a valid e-mail address');
      return;
    }
    setError(undefined);
    invite.mutate(address, {
      onSuccess: () => {
        toast.success(M.invited(address));
        setEmail((current) => (current.trim() === address ? '' : current));
      },
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.fields?.email
            ? failure.fields.email
            : failureMessage(failure, M.loadFailed),
        ),
    });
  };

  return (
    // Sent by the app only: a submit made before it starts is held for it, with the address kept.
    <AppForm appOnly aria-label={M.inviteTitle} onSubmit={submit} className="mt-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label={M.emailLabel} error={error} className="min-w-0 flex-1">
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" className="sm:mt-7" disabled={invite.isPending}>
          {invite.isPending ? M.inviting : M.invite}
        </Button>
      </div>
    </AppForm>
  );
}
