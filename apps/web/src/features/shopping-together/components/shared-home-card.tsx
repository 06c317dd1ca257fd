import type { SharedHome } from '@keyhaven/shared';
import type { HomeReaction } from '@keyhaven/shared/constants';
import { SHOPPING_TOGETHER_MESSAGES as M } from '@keyhaven/shared/texts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { priceRangeText } from '@/lib/listing-format';
import { propertyDetailsPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { sharedChanges, useSharedChange } from '../api/shared-wishlist';
import { NoteForm } from './note-form';

const namesOf = (people: { name: string; you: boolean }[]) =>
  people.map((person) => (person.you ? M.you : person.name)).join(', ');

function Reactions({ home }: { home: SharedHome }) {
  const react = useSharedChange(sharedChanges.react);
  const mine = home.reactions.find((reaction) => reaction.you)?.reaction ?? null;
  const { title, _id: propertyId } = home.property;
  const press = (reaction: HomeReaction) =>
    react.mutate(
      { propertyId, reaction: mine === reaction ? null : reaction },
      { onError: () => toast.error(M.reactionFailed) },
    );
  return (
    <div className="mt-3">
      <div className="flex gap-2">
        {(['up', 'down'] as const).map((reaction) => {
          const count = home.reactions.filter((r) => r.reaction === reaction).length;
          return (
            <Button
              key={reaction}
              size="sm"
              variant={mine === reaction ? 'primary' : 'secondary'}
              aria-pressed={mine === reaction}
              aria-label={M.reactionLabel(reaction, title, count)}
              disabled={react.isPending}
              onClick={() => press(reaction)}
            >
              <span aria-hidden="true">{reaction === 'up' ? '👍' : '👎'}</span>
              <span aria-hidden="true">{count}</span>
            </Button>
          );
        })}
      </div>
      {home.reactions.length > 0 && (
        <p className="mt-1 text-sm text-stone-700">
          {M.reactionsBy(
            home.reactions
              .map((r) => `${r.you ? M.you : r.name} ${r.reaction === 'up' ? '👍' : '👎'}`)
              .join(', '),
          )}
        </p>
      )}
    </div>
  );
}

function Notes({ home }: { home: SharedHome }) {
  const remove = useSharedChange(sharedChanges.deleteNote);
  return (
    <section aria-label={`${M.notesTitle}: ${home.property.title}`} className="mt-4">
      <h4 className="text-sm font-semibold text-stone-900">{M.notesTitle}</h4>
      {home.notes.length === 0 ? (
        <p className="mt-1 text-sm text-stone-700">{M.notesEmpty}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {home.notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-stone-50 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-stone-900">
                  {note.mine ? M.you : note.author}
                </span>
                <Badge tone={note.visibility === 'private' ? 'amber' : 'teal'}>
                  {note.visibility === 'private' ? M.privateBadge : M.sharedBadge}
                </Badge>
                {note.mine && (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="ml-auto h-8"
                    aria-label={M.deleteNoteLabel}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(note.id, { onSuccess: () => toast.success(M.noteDeleted) })
                    }
                  >
                    {M.deleteNote}
                  </Button>
                )}
              </div>
              <p className="mt-1 break-words whitespace-pre-line text-stone-800">{note.body}</p>
            </li>
          ))}
        </ul>
      )}
      <NoteForm propertyId={home.property._id} title={home.property.title} />
    </section>
  );
}

/** One home of the shared wishlist: who saved it, everyone's reactions and notes. */
export function SharedHomeCard({ home }: { home: SharedHome }) {
  const { property } = home;
  const [confirming, setConfirming] = useState(false);
  const remove = useSharedChange(sharedChanges.removeHome);
  return (
    <article
      aria-label={property.title}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <h3 className="text-lg font-semibold text-stone-900">
        <Link to={propertyDetailsPath(property._id)} className="hover:underline">
          {property.title}
        </Link>
      </h3>
      <p className="text-sm text-stone-700">
        {property.location} · {priceRangeText(property.minPrice, property.maxPrice)}
      </p>
      <p className="mt-1 text-sm text-stone-700">{M.savedBy(namesOf(home.savedBy))}</p>
      <Reactions home={home} />
      <Notes home={home} />
      <Button
        variant="dangerOutline"
        size="sm"
        className="mt-4"
        onClick={() => setConfirming(true)}
      >
        {M.removeHome}
        <span className="sr-only">: {property.title}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={M.removeHomeTitle}
        description={<p>{M.removeHomeBody}</p>}
        confirmLabel={M.remove}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(property._id, {
            onSuccess: () => toast.success(M.homeRemoved),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </article>
  );
}
