/** Every conversation query starts with `conversationKeys.all`, so a sent message refreshes them all. */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: () => [...conversationKeys.all, 'list'] as const,
  thread: (id: string) => [...conversationKeys.all, 'thread', id] as const,
};

/** How often an open Messages page asks again, so an answer shows without a reload. */
export const MESSAGES_REFRESH_MS = 20_000;
