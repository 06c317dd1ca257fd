import type { Config } from '../config.js';

/** What `npm run backup` and `npm run restore` share: their refusals and how they end. */

/** PostgreSQL has its own tools, which copy a live database consistently. */
export function requireEmbeddedDatabase(config: Config, command: 'backup' | 'restore') {
  if (config.database.driver === 'pglite') return config.database;
  const tool =
    command === 'backup'
      ? 'pg_dump -Fc "$DATABASE_URL" -f keyhaven.dump'
      : 'pg_restore --clean --if-exists -d "$DATABASE_URL" keyhaven.dump';
  throw new Error(
    `DATABASE_URL is set: this installation keeps its data in PostgreSQL, which npm run ${command} does not handle. Use ${tool} (docs/DEPLOY.md, Backups), and the bucket's own versioning for the images.`,
  );
}

/** The file named on the command line, or the usage. */
export function fileArgument(command: 'backup' | 'restore'): string {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) throw new Error(`Usage: npm run ${command} -- <file>`);
  return file;
}

/**
 * Runs a command and prints what it did as one JSON line; any failure is one readable line on
 * standard error and exit status 1.
 */
export function runCommand(command: () => Promise<Record<string, unknown>>) {
  command().then(
    (result) => console.log(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
