import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BASELINE_MIGRATION, CONTRACT_STEPS } from './contract-steps.js';
import { destructiveStatements } from './destructive-statements.js';

/*
 * Every migration after the baseline expands the schema only, so the previous release keeps
 * serving while it runs and until the rollout ends; the ones that contract are listed, with the
 * release after which they are safe (contract-steps.ts).
 */

const migrationsFolder = new URL('../../drizzle/', import.meta.url);
const journal = JSON.parse(
  readFileSync(new URL('meta/_journal.json', migrationsFolder), 'utf8'),
) as { entries: { tag: string }[] };
const tags = journal.entries.map((entry) => entry.tag);
const checked = tags.slice(tags.indexOf(BASELINE_MIGRATION) + 1);

describe('migrations after the baseline', () => {
  it('start from a baseline the journal has', () => {
    expect(tags).toContain(BASELINE_MIGRATION);
  });

  it('expand the schema only, unless listed as contract steps', () => {
    const unlisted = Object.fromEntries(
      checked
        .filter((tag) => !CONTRACT_STEPS[tag])
        .map((tag) => ({
          tag,
          found: destructiveStatements(
            readFileSync(new URL(`${tag}.sql`, migrationsFolder), 'utf8'),
          ),
        }))
        .filter(({ found }) => found.length > 0)
        .map(({ tag, found }) => [tag, found]),
    );
    expect(
      unlisted,
      'These contract the schema while the previous release still serves: split each into an expand step now and a contract step in a later release, listed in contract-steps.ts',
    ).toEqual({});
  });

  it('list as contract steps only migrations after the baseline, each with its release', () => {
    for (const [tag, step] of Object.entries(CONTRACT_STEPS)) {
      expect(checked, `${tag} is not a migration after ${BASELINE_MIGRATION}`).toContain(tag);
      expect(step.safeAfterRelease.trim(), tag).not.toBe('');
    }
  });
});
