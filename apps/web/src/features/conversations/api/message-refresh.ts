/** How often an open Messages page asks again, so an answer shows without a reload. */
export const MESSAGES_REFRESH_MS = 20_000;
