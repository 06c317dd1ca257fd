import { MESSAGES, roleChangedMessage } from '@keyhaven/shared/texts';
import { useRef, useState } from 'react';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListEmpty } from '@/components/list-states';
import { PagedList, type PagedListSpec } from '@/components/paged-list';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { usePageParam } from '@/hooks/use-page-param';
import { useSignedInUser } from '@/hooks/use-session';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { findDeleteButton, MOVE_LABELS, type UserAction } from '../components/user-actions';
import { UsersList } from '../components/users-list';

const USERS_LIST: PagedListSpec = {
  title: 'All users',
  noun: ['user', 'users'],
  pageSize: 10,
  pagesLabel: 'Users pages',
  loadingLabel: 'Loading users',
  failure: "We couldn't load the users. Please try again.",
};

const TEXT = {
  roleFailed: 'Failed to update user role',
  deleteFailed: 'Delete Unsuccessful',
} as const;

/** What the confirmation asks, per action: a change to someone's account is never one click. */
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
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const paging = usePageParam();
  const users = useUsers(paging.page, USERS_LIST.pageSize);
  const updateRole = useUpdateUserRole();
  const deleteUser = useDeleteUser();

  const [action, setAction] = useState<UserAction | null>(null);
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLElement | null>(null);
  const succeededRef = useRef(false);

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
          toast.success(MESSAGES.deletedTitle, { description: message });
        },
        onError: (error) =>
          toast.error(TEXT.deleteFailed, {
            description: errorMessage(error, MESSAGES.somethingWentWrong),
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
      <PagedList
        list={USERS_LIST}
        query={users}
        paging={paging}
        titleRef={listHeadingRef}
        empty={<ListEmpty>No users found.</ListEmpty>}
      >
        {(list, titleId) => (
          <UsersList users={list} selfId={me._id} onAction={onAction} labelledBy={titleId} />
        )}
      </PagedList>

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
