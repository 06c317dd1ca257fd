/*
 * The expand/contract rule for migrations (docs/DEPLOY.md, Upgrades): while a release's
 * migrations run, and until its last instance has replaced them, the previous release's
 * instances still serve on the new schema. A migration may add (tables, nullable columns or
 * ones with a default, indexes, constraints the old code's writes meet); what the previous
 * release still reads or writes may go only in a contract step of a later release.
 */

export interface DestructiveStatement {
  statement: string;
  reason: string;
}

const IDENTIFIER = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
const QUALIFIED = String.raw`${IDENTIFIER}(?:\s*\.\s*${IDENTIFIER})?`;

/** A name as PostgreSQL compares it: quoted names as written, others folded to lower case. */
function nameOf(raw: string): string {
  return raw
    .split(/\s*\.\s*/)
    .map((part) =>
      part.startsWith('"') ? part.slice(1, -1).replaceAll('""', '"') : part.toLowerCase(),
    )
    .join('.');
}

/** Without its schema: `public.users` and `users` are the same table to a migration. */
function tableOf(raw: string): string {
  return nameOf(raw).split('.').pop() as string;
}

/** The statements of a migration, without comments; drizzle-kit ends each with `;`. */
function statementsOf(migration: string): string[] {
  return migration
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter((statement) => statement.length > 0);
}

const CREATE_TABLE = new RegExp(
  `^CREATE (?:(?:GLOBAL |LOCAL )?(?:TEMPORARY|TEMP) |UNLOGGED )?TABLE (?:IF NOT EXISTS )?(${QUALIFIED})`,
  'i',
);
const ALTER_TABLE = new RegExp(`^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?(${QUALIFIED})`, 'i');
const DROP_TABLE = new RegExp(
  String.raw`^DROP TABLE (?:IF EXISTS )?(${QUALIFIED}(?:\s*,\s*${QUALIFIED})*)`,
  'i',
);
const ADD_COLUMN = new RegExp(
  String.raw`\bADD (?:COLUMN )?(?:IF NOT EXISTS )?(${IDENTIFIER}) ((?:(?!,\s*(?:ADD|DROP|ALTER|RENAME)\b).)*)`,
  'gi',
);
const ALTER_COLUMN = (action: string) =>
  new RegExp(String.raw`\bALTER (?:COLUMN )?(${IDENTIFIER}) ${action}`, 'gi');

/**
 * The statements of a migration that the previous release, still serving, could trip on: each
 * with why. Tables the migration creates itself (a work table, a new table being filled) are its
 * own to change.
 */
export function destructiveStatements(migration: string): DestructiveStatement[] {
  const statements = statementsOf(migration);
  const createdHere = new Set<string>();
  const addedHere = new Set<string>();
  const defaultedHere = new Set<string>();
  for (const statement of statements) {
    const created = CREATE_TABLE.exec(statement);
    if (created?.[1]) createdHere.add(tableOf(created[1]));
    const altered = ALTER_TABLE.exec(statement);
    if (!altered?.[1]) continue;
    const table = tableOf(altered[1]);
    for (const [, column] of statement.matchAll(ADD_COLUMN)) {
      if (column && !/^(CONSTRAINT|PRIMARY|UNIQUE|CHECK|FOREIGN)$/i.test(column)) {
        addedHere.add(`${table}.${nameOf(column)}`);
      }
    }
    for (const [, column] of statement.matchAll(ALTER_COLUMN('SET DEFAULT'))) {
      if (column) defaultedHere.add(`${table}.${nameOf(column)}`);
    }
  }

  const found: DestructiveStatement[] = [];
  const flag = (statement: string, reason: string) => found.push({ statement, reason });
  for (const statement of statements) {
    const dropped = DROP_TABLE.exec(statement);
    if (dropped?.[1]) {
      for (const raw of dropped[1].split(/\s*,\s*/)) {
        if (!createdHere.has(tableOf(raw))) flag(statement, `drops the table ${tableOf(raw)}`);
      }
      continue;
    }
    if (/\bRENAME\b/i.test(statement)) flag(statement, 'renames what the previous release names');
    const altered = ALTER_TABLE.exec(statement);
    if (!altered?.[1]) continue;
    const table = tableOf(altered[1]);
    if (createdHere.has(table)) continue;
    if (
      /\bDROP (?:COLUMN )?(?!CONSTRAINT\b|DEFAULT\b|NOT NULL\b|IDENTITY\b|EXPRESSION\b)/i.test(
        statement,
      )
    ) {
      flag(statement, `drops a column of ${table}`);
    }
    for (const [, column] of statement.matchAll(ALTER_COLUMN('(?:SET DATA )?TYPE\\b'))) {
      flag(statement, `changes the type of ${table}.${nameOf(column as string)}`);
    }
    for (const [, column] of statement.matchAll(ALTER_COLUMN('SET NOT NULL'))) {
      const key = `${table}.${nameOf(column as string)}`;
      if (!addedHere.has(key) && !defaultedHere.has(key)) {
        flag(
          statement,
          `makes ${key} required without a default: the previous release's inserts leave it out`,
        );
      }
    }
    for (const [, column, definition] of statement.matchAll(ADD_COLUMN)) {
      if (
        column &&
        !/^(CONSTRAINT|PRIMARY|UNIQUE|CHECK|FOREIGN)$/i.test(column) &&
        /\bNOT NULL\b/i.test(definition ?? '') &&
        !/\b(DEFAULT|GENERATED)\b/i.test(definition ?? '')
      ) {
        flag(
          statement,
          `adds ${table}.${nameOf(column)} required without a default: the previous release's inserts leave it out`,
        );
      }
    }
  }
  return found;
}
