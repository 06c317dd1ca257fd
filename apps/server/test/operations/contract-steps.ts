/*
 * Migrations and the expand/contract rule (docs/DEPLOY.md, Upgrades). Every migration after the
 * baseline only expands the schema, unless it is listed below as a contract step: one that
 * drops or reshapes what an earlier release used, safe once no instance of that release runs.
 */

/**
 * The last migration written before the rule: the ones up to it are not checked (0005 drops a
 * table, its own work table). Never moved.
 */
export const BASELINE_MIGRATION = '0017_listing-edited-notice';

export interface ContractStep {
  /** The release (a commit or tag) after which no running instance uses the old shape. */
  safeAfterRelease: string;
  /** What it removes or reshapes, and which release stopped using it. */
  why: string;
}

/** Contract steps by migration tag, e.g. `'0023_drop-legacy-column': { safeAfterRelease, why }`. */
export const CONTRACT_STEPS: Record<string, ContractStep> = {};
