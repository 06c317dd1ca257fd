/*
 * Each person's notifications live under `['notifications', userId]`, so a change (one read, a
 * live update) refreshes theirs in one invalidation, and nothing cached for one account is ever
 * shown to the next one signed in on the same browser.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  mine: (userId: string) => ['notifications', userId] as const,
  unread: (userId: string) => ['notifications', userId, 'unread'] as const,
  lists: (userId: string) => ['notifications', userId, 'list'] as const,
  list: (userId: string, page: number, limit: number) =>
    ['notifications', userId, 'list', { page, limit }] as const,
  settings: (userId: string) => ['notification-settings', userId] as const,
  allFailedJobs: ['failed-jobs'] as const,
  failedJobs: (page: number, limit: number) => ['failed-jobs', { page, limit }] as const,
};
