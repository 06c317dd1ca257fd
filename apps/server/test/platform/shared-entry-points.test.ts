import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * `@keyhaven/shared/constants` and `@keyhaven/shared/texts` let the web pages show the product's
 * texts and limits without downloading zod. They keep that promise only while nothing they reach
 * imports a package: a single `import { z } from 'zod'` anywhere below them, even for a type,
 * and every page that shows a message pays for the schema library again.
 */

const SHARED = fileURLToPath(new URL('../../../../packages/shared/', import.meta.url));
const ZOD_FREE_ENTRIES = ['./constants', './texts'];

type Conditions = { source: string; types: string; default: string };

async function exportsMap(): Promise<Record<string, Conditions>> {
  const manifest = JSON.parse(await readFile(path.join(SHARED, 'package.json'), 'utf8'));
  return manifest.exports;
}

/** Every import of `file`, type-only and re-exports included, as written. */
async function specifiersOf(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8');
  return ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
}

/** The import chains from `entry` that leave the package's own files, e.g. `texts.ts > messages.ts > zod`. */
async function packagesReachedFrom(entry: string): Promise<string[]> {
  const seen = new Set<string>();
  const escapes: string[] = [];
  const visit = async (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...chain, path.relative(path.join(SHARED, 'src'), file)];
    for (const specifier of await specifiersOf(file)) {
      if (specifier.startsWith('.')) {
        await visit(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')), here);
      } else {
        escapes.push([...here, specifier].join(' > '));
      }
    }
  };
  await visit(path.join(SHARED, entry), []);
  return escapes;
}

describe('the zod-free entry points of @keyhaven/shared', () => {
  it('reach only the package’s own files, so they never load zod', async () => {
    const exportsByName = await exportsMap();
    for (const name of ZOD_FREE_ENTRIES) {
      const source = exportsByName[name]?.source;
      expect(source, name).toEqual(expect.any(String));
      expect(await packagesReachedFrom(source as string), name).toEqual([]);
    }
  });

  it('point the server’s build and the type checker at what the build emits for each source', async () => {
    for (const [name, conditions] of Object.entries(await exportsMap())) {
      const built = conditions.source.replace(/^\.\/src\//, './dist/').replace(/\.ts$/, '');
      expect(conditions, name).toEqual({
        source: conditions.source,
        types: `${built}.d.ts`,
        default: `${built}.js`,
      });
    }
  });
});
