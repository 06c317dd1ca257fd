import type { Role } from '@keyhaven/shared';
import { ROLE_MOVES } from '@keyhaven/shared/constants';
import type { MouseEvent } from 'react';
import { Button } from '@/components/ui/button';
import type { User } from '@/lib/user';

/** What an admin may do to a user; the page asks for confirmation before doing it. */
export type UserAction = { kind: 'role'; user: User; role: Role } | { kind: 'delete'; user: User };

/** The button for each move ROLE_MOVES allows. */
export const MOVE_LABELS: Record<Role, string> = {
  admin: 'Make Admin',
  agent: 'Make Agent',
  fraud: 'Mark as Fraud',
  user: 'Make User',
};

/** The users list renders as a table or as cards; ids carry which, so they stay unique. */
export const ID_PREFIXES = { table: 'users-table', cards: 'users-cards' } as const;

const deleteButtonId = (prefix: string, user: User) => `${prefix}-${user._id}-delete`;
export const userNameId = (prefix: string, user: User) => `${prefix}-${user._id}-name`;

/**
 * The user's Delete button, wherever the list shows it: where focus lands after a role change
 * removed the button that opened the dialog.
 */
export const findDeleteButton = (user: User) =>
  Object.values(ID_PREFIXES)
    .map((prefix) => document.getElementById(deleteButtonId(prefix, user)))
    .find((element) => element !== null) ?? null;

type UserActionsProps = {
  user: User;
  /** The signed-in admin: nothing is offered on their own row (the server refuses it anyway). */
  isSelf: boolean;
  /** Keeps ids unique per rendering of the list. */
  idPrefix: string;
  onAction: (action: UserAction, opener: HTMLElement) => void;
};

/**
 * Make Admin / Make Agent / Mark as Fraud as ROLE_MOVES allows (none for a fraud user or an
 * admin), and Delete. Each names its user through `aria-describedby`, since every row repeats
 * the same button labels.
 */
export function UserActions({ user, isSelf, idPrefix, onAction }: UserActionsProps) {
  if (isSelf) return <span className="text-sm text-stone-600">That's you</span>;

  const open = (action: UserAction) => (event: MouseEvent<HTMLButtonElement>) =>
    onAction(action, event.currentTarget);
  const describedBy = userNameId(idPrefix, user);
  return (
    <div className="flex flex-wrap gap-2">
      {ROLE_MOVES[user.role].map((role) => (
        <Button
          key={role}
          size="sm"
          variant={role === 'fraud' ? 'dangerOutline' : 'secondary'}
          aria-describedby={describedBy}
          onClick={open({ kind: 'role', user, role })}
        >
          {MOVE_LABELS[role]}
        </Button>
      ))}
      <Button
        id={deleteButtonId(idPrefix, user)}
        size="sm"
        variant="dangerOutline"
        aria-describedby={describedBy}
        onClick={open({ kind: 'delete', user })}
      >
        Delete
      </Button>
    </div>
  );
}
