/*
 * What people feel on a slow phone: for each page, how long after the first paint a click on its
 * main control does nothing (the dead-click window), how long a click at the first paint waits
 * for its effect, and the page's INP for a scripted interaction once it is ready. Chromium through
 * Playwright, throttled over CDP as Lighthouse's mobile preset describes a phone: 4× CPU slowdown,
 * slow 4G, cache disabled, a phone's screen. Used by `bench/web.mjs` (`--only feel`).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { simpleParser } from 'mailparser';

/** Lighthouse's slow 4G: 150 ms round trip, 1.6 Mbps down, 750 kbps up (bytes per second here). */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
export const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile screen (a Moto G Power). */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
/** The clicks are tried on a grid of this step after the first paint. */
export const STEP_MS = 50;
/** A click is dead when its effect has not shown this long after the page was hydrated... */
const GRACE_AFTER_HYDRATION_MS = 3000;
/** ...or this long after the click, whichever comes first. */
const EFFECT_TIMEOUT_MS = 10_000;
/** Past this, the search stops: no click this late after the first paint took effect. */
const LATEST_CLICK_MS = 20_000;

export const TARGETS = { formOrLinkMs: 0, otherControlMs: 300, inpMs: 200 };

/*
 * Runs in every document before its own scripts. It hands the first contentful paint's time (on
 * the wall clock, as Node's Date.now reads it) to the bench as soon as the browser reports it,
 * notes the elements the server rendered (to tell when hydration is done, as the e2e fixtures
 * do), and keeps every interaction the Event Timing API reports.
 */
function pageProbe() {
  window.__benchInteractions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint')
        window.__benchPaint?.(performance.timeOrigin + entry.startTime);
    }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId > 0)
        window.__benchInteractions.push({
          id: entry.interactionId,
          name: entry.name,
          duration: entry.duration,
        });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  // What the bench's click landed on, to tell a dead control from a click that missed it.
  window.addEventListener(
    'pointerdown',
    (event) => {
      window.__benchDown = event.target;
    },
    true,
  );
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    window.__serverRendered = Array.from(document.querySelectorAll('#root *'));
  });
}

/** Whether React has taken over every element the server rendered (see e2e/fixtures.ts). */
function isHydrated() {
  const rendered = window.__serverRendered;
  return (
    rendered?.every(
      (element) =>
        !element.isConnected || Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
    ) ?? false
  );
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Resolves with the time (Date.now) when `seen` resolves; a closed page leaves it pending. */
const when = (seen) =>
  seen.then(
    () => Date.now(),
    () => new Promise(() => {}),
  );

/** An effect that is a response of the API: the request was made and answered 2xx. */
const answered = (page, method, pathPattern) =>
  when(
    page.waitForResponse(
      (response) =>
        response.request().method() === method &&
        pathPattern.test(new URL(response.url()).pathname) &&
        response.ok(),
      { timeout: 0 },
    ),
  );

/**
 * An effect a page form has either way: the app's API call answered 2xx, or, sent before the app
 * took the form over, the page's own post (`POST` to the page) answered by sending the person on.
 */
const answeredOrPosted = (page, method, apiPattern, pagePattern) =>
  when(
    Promise.any([
      page.waitForResponse(
        (response) =>
          response.request().method() === method &&
          apiPattern.test(new URL(response.url()).pathname) &&
          response.ok(),
        { timeout: 0 },
      ),
      page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          pagePattern.test(new URL(response.url()).pathname) &&
          response.status() === 303,
        { timeout: 0 },
      ),
    ]),
  );

/** Session cookie of an account, as `name=value`, from `POST /auth/login`. */
async function signIn(baseUrl, email, password) {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((line) => line.includes('session_token'));
  if (!cookie) throw new Error(`sign-in of ${email} set no session cookie`);
  return { cookie, user: (await response.json()).user };
}

/** The market the pages are measured on: accounts, a listing, fresh buyers on demand. */
function market({ baseUrl, outboxDir }) {
  let made = 0;
  const api = async (method, url, cookie, body) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };

  /** The confirmation link's token from the outbox (mail is written there outside production). */
  async function confirmationToken(email) {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const files = await readdir(outboxDir).catch(() => []);
      for (const file of files.filter((name) => name.endsWith('.eml'))) {
        const raw = await readFile(path.join(outboxDir, file));
        if (!raw.includes(email)) continue;
        const mail = await simpleParser(raw);
        const token = (mail.html || '').match(/[?&]token=([^"&<\s]+)/)?.[1];
        if (token) return decodeURIComponent(token.replaceAll('&amp;', '&'));
      }
      await sleep(250);
    }
    throw new Error(`no confirmation mail reached ${email}`);
  }

  return {
    api,
    unique() {
      made += 1;
      return `${Date.now().toString(36)}${made}`;
    },
    /** A new buyer with a confirmed address (offers wait for one), signed in. */
    async freshBuyer() {
      const id = this.unique();
      const buyer = {
        name: `Bench Buyer ${id}`,
        email: `bench-buyer-${id}@example.test`,
        password: 'Secret123',
      };
      await api('POST', '/auth/register', undefined, {
        ...buyer,
        phone: '+1 555 010 4040',
        country: 'Portugal',
        birth: '1988-03-09',
      });
      const token = await confirmationToken(buyer.email);
      await api('POST', '/auth/verify-email', undefined, { token });
      return { ...buyer, ...(await signIn(baseUrl, buyer.email, buyer.password)) };
    },
    signIn: (email, password) => signIn(baseUrl, email, password),
  };
}

/**
 * The pages, each with its main control, how a click on it is seen to take effect, what a person
 * fills in first, the scripted interaction INP is measured on, and the state each trial needs.
 * `kind` says which target holds: a form or a link should work from the first paint.
 */
function pagesOf(setup) {
  const { listing, wishlistBuyer, agent, market: m } = setup;
  const menu = async (page) => {
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    await button.click();
    await page.waitForTimeout(300);
    await button.click();
  };
  const typeInto = (locator, text) => locator.pressSequentially(text, { delay: 60 });
  /** Each wishlist trial starts with nothing saved, so it finds Add To Wish List again. */
  const wishlistTrial = async () => {
    const { cookie, user } = wishlistBuyer;
    for (const saved of await m.api('GET', `/wishlist-properties/${user.uid}`, cookie))
      await m.api('PATCH', `/wishlist-properties/${saved._id}/remove`, cookie, {});
    return { cookie };
  };

  return [
    {
      name: 'home',
      label: 'Home',
      url: '/',
      kind: 'form',
      control: 'Search (property search)',
      effectText: 'Search Results heading',
      trial: () => ({}),
      target: (page) =>
        page
          .getByRole('search', { name: 'Property search' })
          .getByRole('button', { name: 'Search' }),
      effect: (page) =>
        when(
          page
            .getByRole('heading', { name: 'Search Results' })
            .waitFor({ state: 'visible', timeout: 0 }),
        ),
      interact: async (page) => {
        await menu(page);
        await typeInto(
          page.getByRole('search', { name: 'Property search' }).getByLabel('Location'),
          'Porto',
        );
      },
    },
    {
      name: 'all-properties',
      label: 'All Properties (buyer)',
      url: '/all-properties',
      kind: 'other',
      control: 'Filters (opens the filter panel)',
      effectText: 'the Filters panel shows',
      trial: () => ({ cookie: wishlistBuyer.cookie }),
      // A link to the page with its panel open until the app runs, a button after.
      target: (page) =>
        page
          .getByRole('button', { name: /^Filters/ })
          .or(page.getByRole('link', { name: /^Filters/ }))
          .first(),
      effect: (page) =>
        when(page.getByRole('form', { name: 'Filters' }).waitFor({ state: 'visible', timeout: 0 })),
      interact: async (page) => {
        await menu(page);
        await typeInto(
          page.getByRole('search', { name: 'Property search' }).getByLabel('Location'),
          'Porto',
        );
      },
    },
    {
      name: 'property-details',
      label: "A listing's page (buyer)",
      url: `/propertyDetails/${listing._id}`,
      kind: 'other',
      control: 'Add To Wish List',
      effectText: 'PATCH /properties/{id}/wishlist answered',
      trial: wishlistTrial,
      target: (page) => page.getByRole('button', { name: /^Add To Wish List/ }).first(),
      effect: (page) => answered(page, 'PATCH', /^\/properties\/[^/]+\/wishlist$/),
      interact: menu,
    },
    {
      name: 'login',
      label: 'Login',
      url: '/login',
      kind: 'form',
      control: 'Sign In, email and password filled',
      effectText: 'signed in: away from /login',
      trial: () => ({}),
      fill: async (page) => {
        const form = page.getByRole('form', { name: 'Sign in' });
        await form.getByLabel('Email').fill('buyer1@keyhaven.test');
        await form.getByLabel('Password', { exact: true }).fill('Buyer123');
      },
      target: (page) =>
        page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In' }),
      effect: (page) =>
        when(
          page.waitForURL((url) => url.pathname !== '/login', { waitUntil: 'commit', timeout: 0 }),
        ),
      interact: async (page) => {
        await menu(page);
        await typeInto(
          page.getByRole('form', { name: 'Sign in' }).getByLabel('Email'),
          'someone@example.test',
        );
      },
    },
    {
      name: 'register',
      label: 'Register',
      url: '/register',
      kind: 'form',
      control: 'Register, every field filled',
      effectText: 'account created: away from /register',
      trial: () => ({ id: m.unique() }),
      fill: async (page, state) => {
        const form = page.getByRole('form', { name: 'Create your account' });
        const values = [
          ['Full Name', `Bench Person ${state.id}`],
          ['Email', `bench-person-${state.id}@example.test`],
          ['Phone Number', '+351 912 345 678'],
          ['Country', 'Portugal'],
          ['Date of Birth', '1990-05-17'],
          ['Password', 'Secret123'],
        ];
        for (const [label, value] of values)
          await form.getByLabel(label, { exact: true }).fill(value);
      },
      target: (page) =>
        page
          .getByRole('form', { name: 'Create your account' })
          .getByRole('button', { name: 'Register' }),
      // The app registers through the API, the plain form posts to the page: either way a new
      // account is signed in and taken Home, while a refused one stays on /register.
      effect: (page) =>
        when(
          page.waitForURL((url) => url.pathname !== '/register', {
            waitUntil: 'commit',
            timeout: 0,
          }),
        ),
      interact: async (page) => {
        await menu(page);
        await typeInto(
          page.getByRole('form', { name: 'Create your account' }).getByLabel('Full Name', {
            exact: true,
          }),
          'Ana Sousa',
        );
      },
    },
    {
      name: 'make-offer',
      label: 'Make Offer (a new buyer each time)',
      url: `/make-offer/${listing._id}`,
      kind: 'form',
      control: 'Submit Offer, amount and date filled',
      effectText:
        'offer sent: PATCH /make-offer/{id} answered 2xx, or the page itself posted and sent on',
      trial: async () => ({ cookie: (await m.freshBuyer()).cookie }),
      fill: async (page) => {
        const form = page.getByRole('form', { name: 'Make an offer' });
        await form.getByLabel('Offer Amount ($)').fill(String(listing.minPrice));
        await form.getByLabel('Buying Date').fill(inDays(30));
      },
      target: (page) =>
        page
          .getByRole('form', { name: 'Make an offer' })
          .getByRole('button', { name: 'Submit Offer' }),
      effect: (page) =>
        answeredOrPosted(page, 'PATCH', /^\/make-offer\/[^/]+$/, /^\/make-offer\/[^/]+$/),
      interact: async (page) => {
        await menu(page);
        await typeInto(
          page.getByRole('form', { name: 'Make an offer' }).getByLabel('Offer Amount ($)'),
          String(listing.minPrice),
        );
      },
    },
    {
      name: 'requested-properties',
      label: "Requested Properties (agent's dashboard list)",
      url: '/dashboard/requests',
      kind: 'other',
      control: "first row's Accept",
      effectText: 'the Accept this offer? dialog shows',
      trial: () => ({ cookie: agent.cookie }),
      target: (page) => page.getByRole('button', { name: /^Accept / }).first(),
      effect: (page) =>
        when(
          page
            .getByRole('alertdialog', { name: 'Accept this offer?' })
            .waitFor({ state: 'visible', timeout: 0 }),
        ),
      interact: async (page) => {
        await page.getByRole('button', { name: 'Open dashboard menu' }).click();
        await page.waitForTimeout(300);
        await page.keyboard.press('Escape');
        await page.waitForTimeout(300);
        await page
          .getByRole('button', { name: /^Accept / })
          .first()
          .click();
        await page.getByRole('alertdialog', { name: 'Accept this offer?' }).waitFor();
        await page.keyboard.press('Escape');
      },
    },
  ];
}

/** A page of its own browser context (no cache, no cookies but `cookie`), throttled as a phone. */
async function openPhone(browser, baseUrl, cookie) {
  const context = await browser.newContext({ ...PHONE, baseURL: baseUrl });
  if (cookie) {
    const [name, ...value] = cookie.split('=');
    await context.addCookies([{ name, value: value.join('='), url: baseUrl }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let painted;
  const firstPaint = new Promise((resolve) => {
    painted = resolve;
  });
  await page.exposeBinding('__benchPaint', (_source, at) => painted(at));
  await page.addInitScript(pageProbe);
  return { context, page, firstPaint };
}

const hydrated = (page) => page.evaluate(isHydrated).catch(() => false);

/** Polls (every 100 ms, a tiny task) until the page's server-rendered elements are React's. */
async function waitForHydration(page, deadline) {
  while (Date.now() < deadline) {
    if (await hydrated(page)) return Date.now();
    await sleep(100);
  }
  return undefined;
}

/**
 * The control's centre once it is visible on the screen, for a click that skips Playwright's
 * waits. A person scrolls to a control below the fold before tapping it: so does this. Read in
 * the page right after the scroll, since the layout the browser reports over CDP can lag behind
 * a scroll while the page is busy.
 */
async function visibleCentre(locator, deadline) {
  while (Date.now() < deadline) {
    const centre = await locator
      .evaluate(
        (element, height) => {
          if (!element.checkVisibility()) return null;
          let box = element.getBoundingClientRect();
          if (box.top + box.height / 2 < 0 || box.top + box.height / 2 > height) {
            element.scrollIntoView({ block: 'center' });
            box = element.getBoundingClientRect();
          }
          if (box.width === 0 || box.height === 0) return null;
          return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
        },
        PHONE.viewport.height,
        { timeout: 1000 },
      )
      .catch(() => null);
    if (centre && centre.y >= 0 && centre.y <= PHONE.viewport.height) return centre;
    await sleep(10);
  }
  throw new Error('the control never came into view');
}

/**
 * One click at first paint + `t` ms on a fresh load: whether its effect was seen, when it was
 * clicked (after the first paint) and how long the effect took to show after the click.
 */
async function clickTrial(browser, baseUrl, def, t) {
  const state = (await def.trial()) ?? {};
  const { context, page, firstPaint } = await openPhone(browser, baseUrl, state.cookie);
  try {
    const navigation = page.goto(def.url, { waitUntil: 'commit', timeout: 60_000 });
    navigation.catch(() => {});
    const paintAt = await Promise.race([
      firstPaint,
      sleep(60_000).then(() => {
        throw new Error(`${def.url}: no first paint within 60 s`);
      }),
    ]);
    const deadline = paintAt + 30_000;
    await def.fill?.(page, state);
    // Found before the click is due, so the click itself waits for no query of the page (which
    // would wait for its main thread, as a person's finger does not).
    let centre = await visibleCentre(def.target(page), deadline);
    // Read again just before a late click: the page may have moved under it meanwhile.
    if (paintAt + t - Date.now() > 400) {
      await sleep(paintAt + t - 150 - Date.now());
      centre = await visibleCentre(def.target(page), deadline);
    }
    await sleep(paintAt + t - Date.now());
    const effect = def.effect(page);
    let navigated = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigated = true;
    });
    const clickAt = Date.now();
    await page.mouse.click(centre.x, centre.y);
    const dead = (async () => {
      const hydratedAt = await waitForHydration(page, clickAt + EFFECT_TIMEOUT_MS);
      const until = Math.min(
        clickAt + EFFECT_TIMEOUT_MS,
        (hydratedAt ?? Number.POSITIVE_INFINITY) + GRACE_AFTER_HYDRATION_MS,
      );
      await sleep(until - Date.now());
      return { hydratedAt };
    })();
    const outcome = await Promise.race([
      effect.then((effectAt) => ({ effectAt })),
      dead.then(({ hydratedAt }) => ({ hydratedAt })),
    ]);
    const hydratedAt = outcome.hydratedAt ?? (await waitForHydration(page, Date.now() + 15_000));
    // A dead click is only counted when it reached the control: the page saw its pointerdown on
    // the control, or the click replaced the document (its form was sent the browser's way).
    const missed =
      outcome.effectAt === undefined &&
      !navigated &&
      (await def
        .target(page)
        .evaluate((element) => {
          const down = window.__benchDown;
          if (!down) return 'nothing';
          if (!element.contains(down)) return down.outerHTML.slice(0, 120);
          return false;
        })
        .catch(() => false));
    return {
      missed,
      t,
      clickedAtMs: clickAt - paintAt,
      effective: outcome.effectAt !== undefined,
      waitMs: outcome.effectAt === undefined ? undefined : outcome.effectAt - clickAt,
      hydratedAfterPaintMs: hydratedAt === undefined ? undefined : hydratedAt - paintAt,
    };
  } finally {
    await context.close();
  }
}

/**
 * The dead-click window of one page in one run: a click at the first paint, then (if it was dead)
 * a search over the 50 ms grid for the earliest click seen to take effect, assuming that once a
 * click works every later one does. It starts from `guess` (the window of the page's previous
 * run, else the first grid point after the first trial's hydration), steps away from it in
 * doubling strides until the answer changes, then halves the bracket down to one step.
 */
async function deadClickWindow(browser, baseUrl, def, guess, log) {
  const trials = [];
  const works = async (t) => {
    let trial = await clickTrial(browser, baseUrl, def, t);
    // The control moved between finding it and the click: the click says nothing, so again.
    for (let again = 1; trial.missed && again <= 2; again += 1) {
      log(`t=${t}: the click missed the control (it hit ${trial.missed}), again`);
      trial = await clickTrial(browser, baseUrl, def, t);
    }
    // Still missed: the control keeps moving at this moment of the load, so a person's tap
    // there lands elsewhere too. Counted as a click without effect (never as one with).
    if (trial.missed) log(`t=${t}: missed three times, counted as dead`);
    trials.push(trial);
    log(
      `t=${t}: ${trial.effective ? `effect after ${Math.round(trial.waitMs)} ms` : 'dead'} (clicked ${Math.round(trial.clickedAtMs)} ms after first paint)`,
    );
    return trial.effective;
  };
  const grid = (ms) => Math.max(STEP_MS, Math.ceil(ms / STEP_MS) * STEP_MS);
  const result = (windowMs) => ({ windowMs, firstClick: trials[0], trials });
  if (await works(0)) return result(0);
  let lo = 0;
  let hi;
  const start = grid(guess ?? trials[0].hydratedAfterPaintMs ?? 1000);
  if (await works(start)) {
    hi = start;
    for (let stride = STEP_MS; hi - lo > STEP_MS; stride *= 2) {
      const t = Math.max(lo + STEP_MS, hi - stride);
      if (await works(t)) hi = t;
      else {
        lo = t;
        break;
      }
    }
  } else {
    lo = start;
    for (let stride = STEP_MS; ; stride *= 2) {
      const t = lo + stride;
      if (t > LATEST_CLICK_MS) return result(undefined);
      if (await works(t)) {
        hi = t;
        break;
      }
      lo = t;
    }
  }
  while (hi - lo > STEP_MS) {
    const mid = lo + Math.round((hi - lo) / 2 / STEP_MS) * STEP_MS;
    if (await works(mid)) hi = mid;
    else lo = mid;
  }
  return result(hi);
}

/** The page's worst interaction (Event Timing) during its scripted interaction, once ready. */
async function inpTrial(browser, baseUrl, def) {
  const state = (await def.trial()) ?? {};
  const { context, page, firstPaint } = await openPhone(browser, baseUrl, state.cookie);
  try {
    await page.goto(def.url, { waitUntil: 'load', timeout: 60_000 });
    const paintAt = await firstPaint;
    const hydratedAt = await waitForHydration(page, Date.now() + 30_000);
    if (hydratedAt === undefined) throw new Error(`${def.url}: not hydrated within 30 s`);
    // Ready as a person sees it: hydrated, and a second for the work that follows hydration.
    await sleep(1000);
    await def.interact(page);
    await sleep(500);
    const entries = await page.evaluate(() => window.__benchInteractions);
    const byInteraction = new Map();
    for (const entry of entries) {
      const known = byInteraction.get(entry.id);
      if (!known || entry.duration > known.duration) byInteraction.set(entry.id, entry);
    }
    const worst = [...byInteraction.values()].sort((a, b) => b.duration - a.duration)[0];
    return {
      // Under the API's 16 ms threshold nothing is reported: the interaction took less.
      inpMs: worst?.duration ?? 0,
      worstEvent: worst?.name,
      interactions: byInteraction.size,
      hydratedAfterPaintMs: hydratedAt - paintAt,
    };
  } finally {
    await context.close();
  }
}

/** Everything the pages need before the first trial. */
async function prepare({ baseUrl, dataDir }) {
  const m = market({ baseUrl, outboxDir: path.join(dataDir, 'outbox') });
  // The demo agent whose listings have pending offers (agent2 in the demo data).
  let agent;
  for (const email of ['agent1', 'agent2', 'agent3'].map((key) => `${key}@keyhaven.test`)) {
    const signedIn = await m.signIn(email, 'Agent123');
    const requests = await m.api(
      'GET',
      `/api/properties/requested/${encodeURIComponent(email)}`,
      signedIn.cookie,
    );
    if (requests.some((request) => request.offerStatus === 'pending')) {
      agent = signedIn;
      break;
    }
  }
  if (!agent) throw new Error("no demo agent has a pending offer for Requested Properties' Accept");
  const [listing] = await m.api('GET', '/properties/search?limit=1');
  if (!listing) throw new Error('no listing to open');
  return { market: m, agent, listing, wishlistBuyer: await m.freshBuyer() };
}

/**
 * Measures every page `runs` times on the server at `baseUrl` (started on `dataDir` with the demo
 * data) and returns each page's worst run and every run.
 */
export async function measureFeel({ baseUrl, dataDir, chromiumPath, chromeFlags, runs, only }) {
  const setup = await prepare({ baseUrl, dataDir });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags });
  const pages = [];
  try {
    for (const def of pagesOf(setup)) {
      if (only && !only.includes(def.name)) continue;
      const measured = [];
      for (let run = 1; run <= runs; run += 1) {
        const started = Date.now();
        const log = (line) => console.log(`  ${def.label}, run ${run}: ${line}`);
        const guess = measured.findLast((m) => m.windowMs > 0)?.windowMs;
        const dead = await deadClickWindow(browser, baseUrl, def, guess, log);
        const inp = await inpTrial(browser, baseUrl, def);
        log(
          `window ${dead.windowMs ?? 'never'} ms, INP ${Math.round(inp.inpMs)} ms (${inp.worstEvent ?? 'none over 16 ms'}), hydrated ${Math.round(inp.hydratedAfterPaintMs)} ms after first paint, ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        measured.push({
          windowMs: dead.windowMs,
          firstClickWaitMs: dead.firstClick.waitMs,
          firstClickAtMs: dead.firstClick.clickedAtMs,
          trials: dead.trials,
          ...inp,
        });
      }
      const worst = (key) => {
        const values = measured.map((m) => m[key]);
        return values.includes(undefined) ? undefined : Math.max(...values);
      };
      const windowMs = worst('windowMs');
      const inpMs = worst('inpMs');
      const windowTarget =
        def.kind === 'form' ? TARGETS.formOrLinkMs : TARGETS.otherControlMs - STEP_MS;
      const misses = [];
      if (windowMs === undefined || windowMs > windowTarget)
        misses.push(
          `dead-click window ${windowMs ?? `over ${LATEST_CLICK_MS}`} ms ${def.kind === 'form' ? '> 0 ms' : '>= 300 ms'}`,
        );
      if (!(inpMs < TARGETS.inpMs))
        misses.push(`INP ${Math.round(inpMs)} ms >= ${TARGETS.inpMs} ms`);
      pages.push({
        name: def.name,
        label: def.label,
        url: def.url,
        kind: def.kind,
        control: def.control,
        effect: def.effectText,
        windowMs,
        firstClickWaitMs: worst('firstClickWaitMs'),
        inpMs,
        hydratedAfterPaintMs: worst('hydratedAfterPaintMs'),
        met: misses.length === 0,
        misses,
        runs: measured,
      });
    }
  } finally {
    await browser.close();
  }
  return pages;
}
