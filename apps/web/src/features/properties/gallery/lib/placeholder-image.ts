import { thumbHashToDataURL } from 'thumbhash';

/**
 * A photo's ThumbHash drawn as a tiny blurred PNG (a data: URL), or null without one. Drawn the
 * same way on the server and in the browser, so the listing's page shows it before any script.
 */
export function placeholderImage(placeholder: string | null | undefined): string | null {
  if (!placeholder) return null;
  try {
    return thumbHashToDataURL(Uint8Array.from(atob(placeholder), (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}
