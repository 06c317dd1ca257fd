/** Every wishlist query lives under `['wishlist']`. */
export const wishlistKeys = {
  all: ['wishlist'] as const,
  list: (uid: string) => ['wishlist', uid] as const,
};
