import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nextAddress } from '../helpers/accounts.js';
import { useGoogleTestApp } from '../helpers/google-sign-in.js';

/*
 * With Google sign-in configured (against a real OpenID provider on 127.0.0.1), Login and Register
 * come from the server with 'Continue with Google' in place, so nothing pops in once the app runs.
 * The rendering itself is proved in server-rendering.test.ts, with the same built web app.
 */

const ssrEntry = fileURLToPath(new URL('../../../web/dist-ssr/entry-server.js', import.meta.url));
if (!existsSync(ssrEntry)) {
  throw new Error(
    `${ssrEntry} is missing: these tests render the built web app; run npm run build`,
  );
}

const context = useGoogleTestApp();

const page = (url: string) =>
  context.app.inject({ method: 'GET', url, remoteAddress: nextAddress() });

/** The link to 'Continue with Google' in a page, with its address, or null. */
const googleLink = (html: string) =>
  /<a href="([^"]*)"[^>]*>(?:(?!<\/a>)[\s\S])*Continue with Google<\/a>/.exec(html);

describe('Google sign-in in the pages the server renders', () => {
  it('Register has Continue with Google, back to Home', async () => {
    const response = await page('/register');
    expect(response.statusCode).toBe(200);
    const link = googleLink(response.body);
    expect(link?.[1]).toBe('/auth/google?returnTo=%2F');
    // The page's data says Google is on, so the browser takes the page over as it is.
    expect(response.body).toMatch(
      /"state":\{"data":\{"google":true\}[^}]*\},"queryKey":\["auth-providers"\]/,
    );
  });

  it('Login has Continue with Google, back to where the visitor was going', async () => {
    const response = await page('/login?returnTo=%2Fdashboard%2Fwishlist');
    expect(response.statusCode).toBe(200);
    const link = googleLink(response.body);
    expect(link?.[1]).toBe('/auth/google?returnTo=%2Fdashboard%2Fwishlist');

    // The link leads into the provider's sign-in.
    const start = await context.app.inject({
      method: 'GET',
      url: (link?.[1] ?? '').replaceAll('&amp;', '&'),
      remoteAddress: nextAddress(),
    });
    expect(start.statusCode).toBe(302);
    expect(new URL(String(start.headers.location)).origin).toBe(context.provider.issuer);
  });
});
