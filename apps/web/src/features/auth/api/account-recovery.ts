import type { ForgotPasswordRequest, ResetPasswordRequest } from '@keyhaven/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/hooks/use-session';
import { api } from '@/lib/api-client';
import { ZMessageResponse } from '@/lib/contract-twins';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export const requestPasswordReset = (body: ForgotPasswordRequest) =>
  api('/auth/forgot-password', { method: 'POST', body, schema: ZMessageResponse });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

/** Sets the new password with the token from the link; every session of the account ends. */
export const resetPassword = (body: ResetPasswordRequest) =>
  api('/auth/reset-password', {
    method: 'POST',
    body,
    schema: ZMessageResponse,
    // A refused link is the link's fault: whoever is signed in here stays so.
    signOutOn: [],
  });

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // The account's sessions ended on the server, this browser's included if it had one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

/** Confirms the e-mail address with the token from the mailed link. */
export const confirmEmail = (token: string) =>
  api('/auth/verify-email', {
    method: 'POST',
    body: { token },
    schema: ZMessageResponse,
    signOutOn: [],
  });

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // The banner goes, and offers and payments open, for whoever is signed in here.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

/** Mails the signed-in account a new confirmation link (a few an hour). */
export const resendConfirmation = () =>
  api('/auth/verify-email/resend', { method: 'POST', schema: ZMessageResponse });

export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
