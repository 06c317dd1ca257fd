import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

type Options = {
  /**
   * Console errors and warnings a test expects (a deliberate failed request, say); any other
   * fails it. Chromium reports every failed resource load as a console error, so a test that
   * causes one names its status here.
   */
  allowedConsoleErrors: RegExp[];
};

type AutoFixtures = {
  failOnConsoleErrors: undefined;
};

/** What the browser's console may never say: React's warnings (a hydration mismatch) included. */
const FAILING_CONSOLE_TYPES = new Set(['error', 'warning']);

/**
 * Said on every page and caused on purpose: the Permissions-Policy header also turns off Web
 * Bluetooth, which the Chromium the tests run doesn't build in, so it warns it does not know it.
 */
const EXPECTED_EVERYWHERE = [
  /^warning: Error with Permissions-Policy header: Unrecognized feature: 'bluetooth'\.$/,
  /*
   * Said wherever a map is drawn (All Properties shows one beside its list): headless Chromium
   * draws WebGL in software (SwiftShader), whose driver remarks that reading the canvas back
   * stalls it. A note about the test machine's renderer, not about the page.
   */
  /^warning: \[\.WebGL-[^\]]+\]GL Driver Message \(OpenGL, Performance, GL_CLOSE_PATH_NV, High\): GPU stall due to ReadPixels/,
];

declare global {
  interface Window {
    /** The elements of `#root` as the server sent them, taken before any of the page's code ran. */
    __serverRendered?: Element[];
  }
}

/**
 * Runs in every document before its own scripts: once the HTML is parsed (and before the deferred
 * module that hydrates it runs), it notes which elements the server rendered. Only those need
 * hydrating; what a drawing library adds later (a chart's axes, a map's canvas) React never owns.
 */
function noteServerRenderedElements() {
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    window.__serverRendered = Array.from(document.querySelectorAll('#root *'));
  });
}

/**
 * Whether React has taken over everything the server rendered: every element of it still in the
 * page is one React knows (it marks each as it hydrates it). A page the browser renders itself
 * passes at once.
 */
function isHydrated() {
  // A document without the app (about:blank, left before signing out) has nothing to hydrate.
  const rendered = window.__serverRendered ?? (document.getElementById('root') ? undefined : []);
  return (
    rendered?.every(
      (element) =>
        !element.isConnected || Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
    ) ?? false
  );
}

/**
 * Waits until the page now open has hydrated. Opening or reloading a page waits by itself (see
 * `waitingForHydration`); a page reached by a full navigation the app starts (the checkout, say)
 * needs this before a click that should reach the app rather than the plain form.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(isHydrated);
}

/**
 * Makes opening or reloading `page` wait for its hydration. The `page` fixture does this; a page of
 * a second browser context (another person's window) needs it too.
 */
export async function waitingForHydration(page: Page): Promise<Page> {
  await page.addInitScript(noteServerRenderedElements);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
  return page;
}

export const test = base.extend<Options & AutoFixtures>({
  allowedConsoleErrors: [[], { option: true }],

  /*
   * Pages arrive rendered, so they show before their code has taken them over, and a click or a
   * keystroke that early would do nothing. Opening or reloading a page waits for its hydration, as
   * a visitor waits for the page to respond.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : await waitingForHydration(page));
  },

  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const messages: string[] = [];
      page.on('console', (message) => {
        if (FAILING_CONSOLE_TYPES.has(message.type())) {
          messages.push(`${message.type()}: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => messages.push(`Uncaught: ${error.message}`));

      await use(undefined);

      const unexpected = messages.filter(
        (text) =>
          ![...EXPECTED_EVERYWHERE, ...allowedConsoleErrors].some((pattern) => pattern.test(text)),
      );
      expect(unexpected, 'the page logged unexpected console errors or warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Runs axe (WCAG 2.0 A/AA and 2.1 AA) and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Read as a person sees the page once it is still: a toast fading in would read as faint text.
  // Endless animations (a spinner) keep running and are read as they stand.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter((violation) =>
    BLOCKING_IMPACTS.has(violation.impact ?? ''),
  );
  const report = blocking
    .map((violation) => {
      const targets = violation.nodes
        .map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary ?? ''}`)
        .join('\n');
      return `[${violation.impact}] ${violation.id}: ${violation.help}\n${targets}`;
    })
    .join('\n\n');
  expect(
    blocking,
    `axe found serious accessibility violations on ${page.url()}:\n${report}`,
  ).toEqual([]);
}

/**
 * Pages load their data in the browser from here on, as they do when the server's rendering fails
 * and it sends the plain shell: each page's body arrives empty of content and data, so a test can
 * fail the requests the browser then makes.
 */
export async function renderInBrowser(page: Page) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    await route.fulfill({
      response,
      body: html.replace(/<body>[\s\S]*<\/body>/, '<body><div id="root"></div></body>'),
    });
  });
}

/** The brand the server wrote into the page (BRAND_NAME, Keyhaven by default). */
export async function brandOf(page: Page) {
  const brand = await page.locator('meta[name="brand"]').getAttribute('content');
  expect(brand, 'the server fills in %BRAND_NAME%').toMatch(/^(?!%BRAND_NAME%$).+/);
  return brand ?? '';
}

/** Accounts of the demo seed the e2e server starts with (documented in the README). */
export const DEMO_ACCOUNTS = {
  buyer: { email: 'buyer1@keyhaven.test', password: 'Buyer123', name: 'Sofia Martins' },
  agent: { email: 'agent1@keyhaven.test', password: 'Agent123', name: 'Daniel Reyes' },
  admin: { email: 'admin@keyhaven.test', password: 'Admin123', name: 'Amara Okafor' },
} as const;

/**
 * Ends the session in the page's browser, as when a person hands the device over: the open page is
 * left first, so none of its own requests (a notification refreshing a list, the live stream
 * reconnecting) goes out after its cookie is gone and is refused.
 */
export async function signOutOf(page: Page) {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

/** Signs in through the API; the session cookie lands in the page's browser context. */
export async function signIn(page: Page, account: keyof typeof DEMO_ACCOUNTS) {
  const { email, password } = DEMO_ACCOUNTS[account];
  const response = await page.request.post('/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}
