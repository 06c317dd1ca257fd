import type { HomeReaction, NoteVisibility } from '@keyhaven/shared/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { wishlistKeys } from '@/lib/query-keys';
import { ZInvitationPreview, ZSharedNote, ZSharedWishlist } from './twins';

/*
 * The shared wishlist and every change to it. Each change reads the list again (and the buyer's
 * own wishlist, which a removal changes too); only a 401 signs the visitor out.
 */

export const sharedWishlistKey = [...wishlistKeys.all, 'shared'] as const;

export const getSharedWishlist = (signal?: AbortSignal) =>
  api('/api/shared-wishlist', { schema: ZSharedWishlist, signal, signOutOn: [401] });

export const sharedWishlistQueryOptions = () =>
  queryOptions({ queryKey: sharedWishlistKey, queryFn: ({ signal }) => getSharedWishlist(signal) });

export const useSharedWishlist = () => useQuery(sharedWishlistQueryOptions());

const home = (propertyId: string, tail = '') =>
  `/api/shared-wishlist/homes/${encodeURIComponent(propertyId)}${tail}`;

/** Every change the section makes, by name: what it sends and how the server answers. */
export const sharedChanges = {
  invite: (email: string) =>
    api('/api/shared-wishlist/invitations', {
      method: 'POST',
      body: { email },
      schema: ZMessageResponse,
      signOutOn: [401],
    }),
  revoke: (invitationId: string) =>
    api(`/api/shared-wishlist/invitations/${encodeURIComponent(invitationId)}`, {
      method: 'DELETE',
      schema: ZMessageResponse,
      signOutOn: [401],
    }),
  leave: () =>
    api('/api/shared-wishlist/leave', {
      method: 'POST',
      schema: ZMessageResponse,
      signOutOn: [401],
    }),
  removeMember: (memberId: string) =>
    api(`/api/shared-wishlist/members/${encodeURIComponent(memberId)}`, {
      method: 'DELETE',
      schema: ZMessageResponse,
      signOutOn: [401],
    }),
  removeHome: (propertyId: string) =>
    api(home(propertyId), { method: 'DELETE', schema: ZMessageResponse, signOutOn: [401] }),
  react: ({ propertyId, reaction }: { propertyId: string; reaction: HomeReaction | null }) =>
    api(home(propertyId, '/reaction'), {
      method: reaction ? 'PUT' : 'DELETE',
      ...(reaction ? { body: { reaction } } : {}),
      schema: ZMessageResponse,
      signOutOn: [401],
    }),
  addNote: ({
    propertyId,
    body,
    visibility,
  }: {
    propertyId: string;
    body: string;
    visibility: NoteVisibility;
  }) =>
    api(home(propertyId, '/notes'), {
      method: 'POST',
      body: { body, visibility },
      schema: ZSharedNote,
      signOutOn: [401],
    }),
  deleteNote: (noteId: string) =>
    api(`/api/shared-wishlist/notes/${encodeURIComponent(noteId)}`, {
      method: 'DELETE',
      schema: ZMessageResponse,
      signOutOn: [401],
    }),
};

/** A change of the shared wishlist that reads it (and the buyer's wishlist) again once settled. */
export function useSharedChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
}

const invitationCall = (action: 'accept' | 'decline') => (token: string) =>
  api(`/api/shared-wishlist/invitations/${action}`, {
    method: 'POST',
    body: { token },
    schema: action === 'accept' ? ZSharedWishlist : ZMessageResponse,
    signOutOn: [401],
  });
export const acceptInvitation = invitationCall('accept');
export const declineInvitation = invitationCall('decline');

export const useInvitationPreview = (token: string | null) =>
  useQuery({
    queryKey: ['shared-invitation', token],
    queryFn: ({ signal }) =>
      api('/api/shared-wishlist/invitations/preview', {
        method: 'POST',
        body: { token },
        schema: ZInvitationPreview,
        signal,
        signOutOn: [401],
      }),
    enabled: token !== null,
    retry: false,
  });
