import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { conversationKeys } from '@/lib/query-keys';

/** An admin removes a message: both sides then see that it was removed. */
export const removeMessage = (id: string) =>
  api(`/api/messages/${encodeURIComponent(id)}`, { method: 'DELETE', schema: ZMessageResponse });

export function useRemoveMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeMessage,
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}
