import { defineConfig } from '@playwright/test';

// Point E2E_BASE_URL at an already running deployment to test it instead of a local server.
const externalBaseURL = process.env.E2E_BASE_URL;
// E2E_PORT lets two checkouts on one machine run their suites side by side.
const port = process.env.E2E_PORT ?? '3100';
const baseURL = externalBaseURL ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    // A failed test keeps its trace: every action with the page's DOM before and after it. The
    // trace's film of the screen is left out: encoding it cost Chromium a quarter of its
    // processor time in every test, failed or not; a failed test still keeps its screenshot.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      // @playwright/test ships no browser here; Debian's Chromium is the one we test with.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: externalBaseURL
    ? undefined
    : {
        // The built server serving the built web app, on a fresh data directory with demo data.
        command: 'node scripts/e2e-server.mjs',
        url: `${baseURL}/readyz`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
