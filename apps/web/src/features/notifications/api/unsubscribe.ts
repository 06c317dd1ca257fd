import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';

/**
 * Stops the e-mails the signed token in an unsubscribe link names (saved-search alerts or the
 * newsletter); the server answers 400 when the token is not one it signed. Nobody need be signed
 * in: the link comes from an e-mail.
 */
export const unsubscribe = (token: string) =>
  api('/api/unsubscribe', {
    method: 'POST',
    body: { token },
    schema: ZMessageResponse,
    signOutOn: [],
  });

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
