import { createContext, useContext } from 'react';

/**
 * The site's public origin (`https://keyhaven.example`), for the absolute addresses search engines
 * and link previews need. In the browser it is the page's own origin; a server rendering the page
 * provides PUBLIC_URL through this context instead, since it has no window.
 */
export const PublicOriginContext = createContext(
  typeof window === 'undefined' ? '' : window.location.origin,
);

/** An address on this site (`/about`, `/uploads/x.webp`) or elsewhere, made absolute. */
export function useAbsoluteUrl(): (pathOrUrl: string) => string {
  const origin = useContext(PublicOriginContext);
  return (pathOrUrl) => (origin ? new URL(pathOrUrl, origin).href : pathOrUrl);
}
