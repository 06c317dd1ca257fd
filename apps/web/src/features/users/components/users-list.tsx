import { type ListColumn, ListTable } from '@/components/list-table';
import { Avatar } from '@/components/ui/avatar';
import { useMediaQuery, WIDE_DASHBOARD } from '@/hooks/use-media-query';
import { formatDate } from '@/lib/format';
import type { User } from '@/lib/user';
import { RoleBadge } from './role-badge';
import { ID_PREFIXES, type UserAction, UserActions, userNameId } from './user-actions';

type UsersListProps = {
  users: User[];
  selfId: string;
  onAction: (action: UserAction, opener: HTMLElement) => void;
  /** Names the table, or the list on a phone. */
  labelledBy: string;
};

/** Avatar and name; the name's id lets each row's buttons say whom they act on. */
function UserName({ user, idPrefix }: { user: User; idPrefix: string }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={user.name} src={user.photo} className="size-10 ring-0" />
      <span id={userNameId(idPrefix, user)} className="min-w-0 font-semibold break-words">
        {user.name}
      </span>
    </div>
  );
}

const USER_COLUMNS: readonly ListColumn[] = [
  { label: 'User' },
  { label: 'Email' },
  { label: 'Role' },
  { label: 'Member Since', className: 'hidden 2xl:table-cell' },
  { label: 'Actions' },
];

function UsersTable({ users, selfId, onAction, labelledBy }: UsersListProps) {
  const prefix = ID_PREFIXES.table;
  return (
    // Scrolls sideways when the columns outgrow the space; a keyboard can scroll it too.
    <section
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      className="mt-6 overflow-x-auto rounded-2xl border border-sand bg-white shadow-sm"
    >
      <ListTable labelledBy={labelledBy} columns={USER_COLUMNS}>
        {users.map((user) => (
          <tr key={user._id} className="align-middle">
            <td className="px-4 py-3 text-stone-900">
              <UserName user={user} idPrefix={prefix} />
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-stone-700">{user.email}</td>
            <td className="px-4 py-3">
              <RoleBadge role={user.role} />
            </td>
            <td className="hidden px-4 py-3 whitespace-nowrap text-stone-700 2xl:table-cell">
              {formatDate(user.createdAt)}
            </td>
            <td className="px-4 py-3">
              <UserActions
                user={user}
                isSelf={user._id === selfId}
                idPrefix={prefix}
                onAction={onAction}
              />
            </td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}

/** Below 80rem each user is a card: next to the sidebar, or on a phone, the table is cramped. */
function UserCards({ users, selfId, onAction, labelledBy }: UsersListProps) {
  const prefix = ID_PREFIXES.cards;
  return (
    <ul aria-labelledby={labelledBy} className="mt-6 grid gap-4 md:grid-cols-2">
      {users.map((user) => (
        <li key={user._id} className="rounded-2xl border border-sand bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <UserName user={user} idPrefix={prefix} />
            <RoleBadge role={user.role} className="mt-2" />
          </div>
          <p className="mt-3 text-sm break-all text-stone-700">{user.email}</p>
          <p className="mt-1 text-sm text-stone-600">Member since {formatDate(user.createdAt)}</p>
          <div className="mt-4">
            <UserActions
              user={user}
              isSelf={user._id === selfId}
              idPrefix={prefix}
              onAction={onAction}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Only one of the two renders, so each button exists once for keyboards and screen readers. */
export function UsersList(props: UsersListProps) {
  const wide = useMediaQuery(WIDE_DASHBOARD);
  return wide ? <UsersTable {...props} /> : <UserCards {...props} />;
}
