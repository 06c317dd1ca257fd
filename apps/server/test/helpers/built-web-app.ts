import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app `npm run build` writes: the browser's build and, beside it, its renderer. */
export const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));
export const ssrEntry = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');

/** For tests that render pages: they stop at once, saying why, when the build is missing. */
export function requireBuiltWebApp() {
  for (const built of [path.join(webDist, 'index.html'), ssrEntry]) {
    if (!existsSync(built)) {
      throw new Error(
        `${built} is missing: these tests render the built web app; run npm run build`,
      );
    }
  }
}

/** Text as React writes it into a rendered page. */
export const inPage = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
