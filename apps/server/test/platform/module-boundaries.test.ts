import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * How the server's code depends on itself: routes validate, authorize and call a service, and
 * only services read and write the database; plugins wire modules into the app, so nothing in a
 * module or in lib/ reaches back into a plugin.
 */

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
    }),
  );
  return files.flat();
}

const relative = (file: string) => path.relative(SRC, file);
const importsOf = (text: string) =>
  [...text.matchAll(/^import[^;]*?from '([^']+)';/gms)].map((match) => match[1] as string);

describe('module boundaries', () => {
  it('keep database access out of routes', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      if (!file.endsWith('.routes.ts')) continue;
      const text = await readFile(file, 'utf8');
      for (const from of importsOf(text)) {
        if (from === 'drizzle-orm' || from.endsWith('/db/schema.js')) {
          offenders.push(`${relative(file)} imports ${from}`);
        }
      }
      if (/\bapp\.db\s*\./.test(text)) offenders.push(`${relative(file)} queries app.db`);
    }
    expect(offenders).toEqual([]);
  });

  it('let plugins import modules, never the other way', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      const area = relative(file).split(path.sep)[0];
      if (area !== 'modules' && area !== 'lib') continue;
      const text = await readFile(file, 'utf8');
      for (const from of importsOf(text)) {
        const target = path.resolve(path.dirname(file), from);
        if (from.startsWith('.') && relative(target).startsWith(`plugins${path.sep}`)) {
          offenders.push(`${relative(file)} imports ${from}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
