/**
 * What a request body may weigh, route by route. Every JSON body the product sends is a form's
 * worth of text: the default fits the longest review or message several times over. Sign-in and
 * registration carry a handful of short fields. A listing (a 5,000-character description and up
 * to twenty photo addresses with their descriptions) is the one large form. Uploads are
 * multipart and bounded by their own file limit.
 */
export const BODY_LIMITS = {
  default: 32 * 1024,
  signIn: 8 * 1024,
  listing: 128 * 1024,
} as const;
