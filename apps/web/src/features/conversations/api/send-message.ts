import type { SendMessageRequest } from '@keyhaven/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { conversationKeys } from '@/lib/query-keys';
import { ZConversationStarted } from '../types';

/*
 * A 403 here is the server's reason (a fraud account, the listing's own agent, an admin in
 * someone else's thread), shown by the form; only a 401 signs the visitor out.
 */

/** Asks a listing's agent a question: opens the conversation, or adds to it. */
export const askAgent = ({ propertyId, body }: SendMessageRequest & { propertyId: string }) =>
  api(`/api/properties/${encodeURIComponent(propertyId)}/messages`, {
    method: 'POST',
    body: { body },
    schema: ZConversationStarted,
    signOutOn: [401],
  });

/** Replies in a conversation. */
export const sendReply = ({
  conversationId,
  body,
}: SendMessageRequest & { conversationId: string }) =>
  api(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
    method: 'POST',
    body: { body },
    schema: ZConversationStarted,
    signOutOn: [401],
  });

export function useAskAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: askAgent,
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

export function useSendReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendReply,
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}
