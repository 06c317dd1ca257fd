import { thumbHashToDataURL } from 'thumbhash';
import { thumbHashBytes } from '@/lib/image-renditions';

/**
 * A photo's ThumbHash drawn as a tiny blurred PNG (a data: URL), or null without one. Drawn the
 * same way on the server and in the browser, so the listing's page shows it before any script.
 */
export function placeholderImage(placeholder: string | null | undefined): string | null {
  const hash = thumbHashBytes(placeholder);
  if (!hash) return null;
  try {
    return thumbHashToDataURL(hash);
  } catch {
    return null;
  }
}
