/**
 * The release production runs now, as a commit of this repository: the upgrade test starts it
 * on this release's schema (previous-release-on-new-schema.test.ts). At each release, once the
 * new release serves everywhere, set this to the commit it was built from (`git rev-parse HEAD`
 * on the deployed tree): it becomes the one the next release must not break.
 */
export const PREVIOUS_RELEASE = '667e389';
