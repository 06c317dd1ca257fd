import { roleChangedMessage } from '@keyhaven/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useSignedInUser } from '@/hooks/use-session';
import { errorMessage } from '@/lib/api-client';
import { KEEP_SCROLL } from '@/lib/keep-scroll';
import { toast } from '@/lib/toast';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { findDeleteButton, MOVE_LABELS, type UserAction } from '../components/user-actions';
import { UsersList } from '../components/users-list';

const PAGE_SIZE = 10;

const TEXT = {
  roleFailed: 'Failed to update user role',
  deleted: 'Deleted!',
  deleteFailed: 'Delete Unsuccessful',
  deleteFailedFallback: 'Something went wrong. Please try again.',
} as const;

function pageFrom(value: string | null) {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** What the confirmation asks, per action (spec section 4: every change is confirmed first). */
function confirmation(action: UserAction) {
  const { name } = action.user;
  if (action.kind === 'delete') {
    return {
      title: `Delete ${name}?`,
      description: [
        'Their account, sessions, wish list, offers and reviews are deleted, and an agent’s listings with them.',
        'This cannot be undone.',
      ],
      confirmLabel: 'Delete',
      pendingLabel: 'Deleting...',
      tone: 'danger' as const,
    };
  }
  const texts = {
    agent: {
      title: `Make ${name} an agent?`,
      description: ['They will be able to list properties and answer offers.'],
    },
    admin: {
      title: `Make ${name} an admin?`,
      description: [
        'They will be able to manage users, listings and reviews.',
        'An admin’s role cannot be changed afterwards.',
      ],
    },
    fraud: {
      title: `Mark ${name} as fraud?`,
      description: [
        'They will no longer be able to list, offer, pay or review, and their listings will be hidden.',
        'This cannot be undone.',
      ],
    },
    user: { title: `Make ${name} a user?`, description: [] },
  }[action.role];
  return {
    ...texts,
    confirmLabel: MOVE_LABELS[action.role],
    pendingLabel: 'Updating...',
    tone: action.role === 'fraud' ? ('danger' as const) : ('default' as const),
  };
}

export function ManageUsersPage() {
  const me = useSignedInUser();
  const headingId = useId();
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const users = useUsers(page, PAGE_SIZE);
  const updateRole = useUpdateUserRole();
  const deleteUser = useDeleteUser();

  const [action, setAction] = useState<UserAction | null>(null);
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLElement | null>(null);
  const succeededRef = useRef(false);

  const total = users.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const goToPage = (next: number) =>
    setSearchParams(next === 1 ? {} : { page: String(next) }, { state: KEEP_SCROLL });

  // Deleting the last user of the last page, or an old link, can leave us past the end.
  useEffect(() => {
    if (users.isSuccess && !users.isPlaceholderData && page > totalPages) {
      setSearchParams(totalPages === 1 ? {} : { page: String(totalPages) }, { replace: true });
    }
  }, [users.isSuccess, users.isPlaceholderData, page, totalPages, setSearchParams]);

  function onAction(next: UserAction, opener: HTMLElement) {
    openerRef.current = opener;
    setAction(next);
    setOpen(true);
  }

  function onConfirm() {
    if (!action) return;
    const close = () => setOpen(false);
    const succeeded = () => {
      succeededRef.current = true;
    };
    if (action.kind === 'role') {
      updateRole.mutate(
        { userId: action.user._id, role: action.role },
        {
          onSuccess: ({ message }) => {
            succeeded();
            toast.success(message || roleChangedMessage(action.role));
          },
          onError: (error) => toast.error(errorMessage(error, TEXT.roleFailed)),
          onSettled: close,
        },
      );
    } else {
      deleteUser.mutate(action.user._id, {
        onSuccess: ({ message }) => {
          succeeded();
          toast.success(TEXT.deleted, { description: message });
        },
        onError: (error) =>
          toast.error(TEXT.deleteFailed, {
            description: errorMessage(error, TEXT.deleteFailedFallback),
          }),
        onSettled: close,
      });
    }
  }

  /**
   * Focus goes back to the button that opened the dialog, unless the action removed it: a role
   * change always does (a user is never offered the role they now hold), so focus moves to the
   * same user's Delete button; after a deletion the row is gone, so to the list's heading.
   */
  function onCloseAutoFocus(event: Event) {
    event.preventDefault();
    const opener = openerRef.current;
    const done = succeededRef.current;
    succeededRef.current = false;
    let target: HTMLElement | null = null;
    if (done && action?.kind === 'role') target = findDeleteButton(action.user);
    else if (!done && opener?.isConnected) target = opener;
    (target ?? listHeadingRef.current)?.focus();
  }

  const dialog = action ? confirmation(action) : null;
  const pending = updateRole.isPending || deleteUser.isPending;

  return (
    <ContentLayout heading="Manage Users">
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2
          id={headingId}
          ref={listHeadingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-stone-800 outline-none"
        >
          All users
        </h2>
        {users.isSuccess && (
          <p className="text-sm text-stone-700">
            {total} {total === 1 ? 'user' : 'users'}
          </p>
        )}
      </div>

      {users.isPending && <Spinner label="Loading users" className="py-16" />}

      {users.isError && (
        <ErrorState
          inline
          className="mt-6"
          error={users.error}
          message="We couldn't load the users. Please try again."
          onRetry={() => users.refetch()}
          retrying={users.isFetching}
        />
      )}

      {users.isSuccess && users.data.items.length === 0 && page <= totalPages && (
        <p className="mt-6 rounded-2xl border border-sand bg-white p-6 text-center text-stone-700">
          No users found.
        </p>
      )}

      {users.isSuccess && users.data.items.length > 0 && (
        <div aria-busy={users.isFetching}>
          <UsersList
            users={users.data.items}
            selfId={me._id}
            onAction={onAction}
            labelledBy={headingId}
          />
        </div>
      )}

      <Pagination
        label="Users pages"
        page={Math.min(page, totalPages)}
        pageCount={totalPages}
        onPageChange={goToPage}
        className="mt-6"
      />

      {dialog && (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title={dialog.title}
          description={dialog.description.map((line) => <p key={line}>{line}</p>)}
          confirmLabel={dialog.confirmLabel}
          pendingLabel={dialog.pendingLabel}
          tone={dialog.tone}
          pending={pending}
          onConfirm={onConfirm}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      )}
    </ContentLayout>
  );
}
