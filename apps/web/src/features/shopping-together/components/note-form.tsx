import type { NoteVisibility } from '@keyhaven/shared/constants';
import { SHOPPING_TOGETHER_LIMITS } from '@keyhaven/shared/constants';
import { SHOPPING_TOGETHER_MESSAGES as M } from '@keyhaven/shared/texts';
import { type FormEvent, useId, useState } from 'react';
import { AppForm } from '@/components/form/app-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { failureMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { sharedChanges, useSharedChange } from '../api/shared-wishlist';

/** A note on one home: shared with everyone on the list, or private to its author. */
export function NoteForm({ propertyId, title }: { propertyId: string; title: string }) {
  const [body, setBody] = useState('');
  const [visibility, setVisibility] = useState<NoteVisibility>('shared');
  const [error, setError] = useState<string | undefined>();
  const add = useSharedChange(sharedChanges.addNote);
  const groupId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) return setError(M.noteRequired);
    if (text.length > SHOPPING_TOGETHER_LIMITS.noteMaxLength) return setError(M.noteTooLong);
    setError(undefined);
    add.mutate(
      { propertyId, body: text, visibility },
      {
        onSuccess: () => {
          // Only what was sent is cleared: the list read again may come first, and more typed.
          setBody((current) => (current.trim() === text ? '' : current));
          toast.success(M.noteSaved);
        },
        onError: (failure) => setError(failureMessage(failure, M.noteFailed)),
      },
    );
  };

  return (
    // Sent by the app only: a submit made before it starts is held for it, with the note kept.
    <AppForm appOnly aria-label={`${M.noteLabel}: ${title}`} onSubmit={submit} className="mt-3">
      <Field label={M.noteLabel} hint={M.noteHint} error={error}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={SHOPPING_TOGETHER_LIMITS.noteMaxLength}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </Field>
      <fieldset className="mt-2" aria-labelledby={groupId}>
        <legend id={groupId} className="text-sm font-semibold text-stone-800">
          {M.visibilityLabel}
        </legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(['shared', 'private'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm text-stone-800">
              <input
                type="radio"
                name={`${groupId}-visibility`}
                value={option}
                checked={visibility === option}
                onChange={() => setVisibility(option)}
                className="size-4 accent-teal-700"
              />
              {M.visibility[option]}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="sm" className="mt-3" disabled={add.isPending}>
        {add.isPending ? M.savingNote : M.saveNote}
      </Button>
    </AppForm>
  );
}
