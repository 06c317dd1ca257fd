/*
 * The files each lazily loaded page needs, asked for ahead of the page: when the visitor points at
 * or focuses a link to it, and, for the page a visit starts on, by the page's loader while the app
 * itself downloads. Without this the browser would find a page's imports level by level, a round
 * trip each on a phone; asked for all at once, as the bundler's own preload does, thirty downloads
 * starting together held a phone's main thread for about a hundred milliseconds. So they go out a
 * few per task.
 */

// Relative: the build's configuration reads this file before any alias is set.
import { fetchBuiltJson } from '../lib/built-file';

/** Every file a page needs (`files`), and which of them each page needs (`pages`, by name). */
export type PageFilesManifest = { files: string[]; pages: Record<string, number[]> };

/** The pages the server rendered and their files, in the page for its loader and the app. */
export type RenderedPageFiles = { pages: string[]; files: string[] };
export const PAGE_FILES_ELEMENT_ID = 'page-files';

/** Starting a download costs a phone's main thread about half a millisecond. */
const FILES_PER_TASK = 4;

/**
 * The manifest's address, written in by the browser's build (`pageFiles` in `vite.config.ts`).
 * Left as it is in development and tests, where a page's imports are found as it loads.
 */
const MANIFEST_URL = '__KEYHAVEN_PAGE_FILES_URL__';

const NO_MANIFEST: PageFilesManifest = { files: [], pages: {} };

async function fetchManifest(): Promise<PageFilesManifest> {
  if (!MANIFEST_URL.startsWith('/')) return NO_MANIFEST;
  return ((await fetchBuiltJson(MANIFEST_URL)) as PageFilesManifest | null) ?? NO_MANIFEST;
}
let manifest: Promise<PageFilesManifest> | undefined;

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** Each file asked for, with the moment its request has gone out. */
const requested = new Map<string, Promise<void>>();
let lastBatch: Promise<void> = Promise.resolve();
/** The pages whose files the page's loader asked for. */
let renderedPages: Set<string> | undefined;

function readRenderedPages() {
  const block = document.getElementById(PAGE_FILES_ELEMENT_ID)?.textContent;
  const rendered: RenderedPageFiles = block ? JSON.parse(block) : { pages: [], files: [] };
  for (const href of rendered.files) requested.set(href, Promise.resolve());
  return new Set(rendered.pages);
}

function requestInBatches(hrefs: string[]) {
  for (let start = 0; start < hrefs.length; start += FILES_PER_TASK) {
    const batch = hrefs.slice(start, start + FILES_PER_TASK);
    lastBatch = lastBatch.then(nextTask).then(() => {
      for (const href of batch) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
    });
    for (const href of batch) requested.set(href, lastBatch);
  }
}

/**
 * Asks the browser for the files of the page named `name` (its module's file name, which names its
 * chunk) that it has not been asked for yet, and resolves once every request has gone out. The
 * browser fetches and compiles them without running them, so importing the page then waits for
 * no further request. Never fails: without its files a page still loads, import by import.
 */
export async function requestPageFiles(name: string): Promise<void> {
  if (typeof document === 'undefined') return;
  renderedPages ??= readRenderedPages();
  if (renderedPages.has(name)) return;
  manifest ??= fetchManifest();
  const { files, pages } = await manifest;
  const hrefs = (pages[name] ?? []).flatMap((index) => files[index] ?? []);
  requestInBatches(hrefs.filter((href) => !requested.has(href)));
  await Promise.all(hrefs.map((href) => requested.get(href)));
}

/** The files of the named pages, for the page's loader (the server's renderer). */
export function filesOfPages(
  { files, pages }: PageFilesManifest,
  names: string[],
): RenderedPageFiles {
  const indices = new Set(names.flatMap((name) => pages[name] ?? []));
  return { pages: names, files: [...indices].flatMap((index) => files[index] ?? []) };
}
