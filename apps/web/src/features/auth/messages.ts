/** Texts of the sign-in screens that have no catalogue wording. */
export const AUTH_SCREEN_TEXT = {
  loginSuccess: 'Login successful!',
  /** Decision 010: Google joins an existing account only when both sides verified the address. */
  googleFailedExplanation:
    'If you registered this e-mail with a password, sign in with your password.',
  /** The visitor turned back at Google: nothing failed, so nothing to explain away. */
  googleCancelled: 'Google sign-in was cancelled',
  googleCancelledExplanation: 'You are not signed in. Continue with Google whenever you are ready.',
  resetIntro: 'Choose a new password for your account.',
} as const;
