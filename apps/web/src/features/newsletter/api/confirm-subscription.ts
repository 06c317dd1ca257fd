import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';
import { apiPaths } from '@/lib/paths';

/**
 * Confirms the newsletter subscription a mailed link names; the server answers 400 for a link it
 * never sent, one already used or one too old. Nobody need be signed in: the link comes by e-mail.
 */
export const confirmSubscription = (token: string) =>
  api(apiPaths.confirmSubscription, {
    method: 'POST',
    body: { token },
    schema: ZMessageResponse,
    signOutOn: [],
  });

export const useConfirmSubscription = () => useMutation({ mutationFn: confirmSubscription });
