import { useSyncExternalStore } from 'react';

/** How many homes a buyer can hold side by side: more columns stop fitting a laptop's width. */
export const COMPARE_LIMIT = 4;

export const COMPARE_LIMIT_MESSAGE = `You can compare up to ${COMPARE_LIMIT} homes. Remove one to add another.`;

/** What the compare bar shows of a listing without asking the server again. */
export type ComparedListing = { id: string; title: string; image: string | null };

const STORAGE_KEY = 'keyhaven.compare';

const EMPTY: readonly ComparedListing[] = [];

const isComparedListing = (value: unknown): value is ComparedListing => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'string' &&
    entry.id !== '' &&
    typeof entry.title === 'string' &&
    (entry.image === null || typeof entry.image === 'string')
  );
};

/**
 * The stored choice, read leniently: a hand-edited or older value never breaks a page, it just
 * drops what it cannot read.
 */
function parse(raw: string | null): readonly ComparedListing[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    const seen = new Set<string>();
    return value.filter(isComparedListing).filter(({ id }) => {
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  } catch {
    return EMPTY;
  }
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be switched off (some private windows): the choice then lasts for the page.
    return memoryCopy;
  }
}

let memoryCopy: string | null = null;
let cached: { raw: string | null; list: readonly ComparedListing[] } = { raw: null, list: EMPTY };

/** The current choice; the same array until it changes, as React's external stores require. */
export function comparedListings(): readonly ComparedListing[] {
  const raw = readStorage();
  if (raw !== cached.raw) cached = { raw, list: parse(raw) };
  return cached.list;
}

const listeners = new Set<() => void>();

function write(list: readonly ComparedListing[]) {
  const raw = JSON.stringify(list);
  memoryCopy = raw;
  try {
    window.localStorage.setItem(STORAGE_KEY, raw);
  } catch {
    // Kept in memory only (see readStorage).
  }
  for (const listener of listeners) listener();
}

/** Another tab changed the choice: this one shows the same. */
function onStorage(event: StorageEvent) {
  if (event.key === STORAGE_KEY || event.key === null) {
    for (const listener of listeners) listener();
  }
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export type AddOutcome = 'added' | 'already' | 'full';

/** Adds a listing unless the buyer already holds the most they can compare. */
export function addToCompare(listing: ComparedListing): AddOutcome {
  const list = comparedListings();
  if (list.some(({ id }) => id === listing.id)) return 'already';
  if (list.length >= COMPARE_LIMIT) return 'full';
  write([...list, listing]);
  return 'added';
}

export function removeFromCompare(id: string) {
  const list = comparedListings();
  if (list.some((entry) => entry.id === id)) write(list.filter((entry) => entry.id !== id));
}

export function clearCompare() {
  write(EMPTY);
}

/**
 * The buyer's choice of homes to compare, kept in this browser and shared by its tabs. The server
 * knows nothing of it, so the first render (on the server and while hydrating) shows none, and the
 * stored choice appears right after.
 */
export function useComparedListings(): readonly ComparedListing[] {
  return useSyncExternalStore(subscribe, comparedListings, () => EMPTY);
}
