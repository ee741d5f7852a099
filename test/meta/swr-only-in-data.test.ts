/**
 * One lifecycle: SWR is the data layer's engine, not a library the rest of the dashboard calls.
 * Only files under src/ui/data/ import it; everything else reads data through `useResource` and
 * asks the data layer (`useRefreshAll`) rather than SWR's cache, so no other code can read or
 * write that cache or start a second way of fetching.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');
const DATA = 'ui/data/';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** `swr` or `swr/...` as an import, re-export or dynamic import specifier. */
const IMPORTS_SWR = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]swr(?:\/[^'"]*)?['"]/;

function swrImportersOutsideData(files: ReadonlyMap<string, string>): string[] {
  return [...files]
    .filter(([file, text]) => !file.startsWith(DATA) && IMPORTS_SWR.test(text))
    .map(([file]) => file)
    .sort();
}

describe('SWR stays in the data layer', () => {
  it('is imported by files under src/ui/data/ only', () => {
    const files = new Map(
      sourceFiles(SRC).map((path) => [relative(SRC, path).split('\\').join('/'), readFileSync(path, 'utf8')]),
    );
    expect(swrImportersOutsideData(files)).toEqual([]);
  });

  it('catches every form of import, and only outside the data layer', () => {
    const files = new Map([
      ['ui/shell.tsx', "import { useSWRConfig } from 'swr';"],
      ['ui/alerts/use-alert-sources.ts', "import useSWR from 'swr'"],
      ['ui/a.ts', "export { mutate } from 'swr';"],
      ['ui/b.ts', "const m = await import('swr/infinite');"],
      ['ui/c.ts', "import type { SWRConfiguration } from 'swr';"],
      ['ui/data/use-resource.ts', "import useSWR from 'swr';"],
      ['ui/d.ts', "import { swrLike } from './swr.js'; // not the package"],
    ]);
    expect(swrImportersOutsideData(files)).toEqual([
      'ui/a.ts',
      'ui/alerts/use-alert-sources.ts',
      'ui/b.ts',
      'ui/c.ts',
      'ui/shell.tsx',
    ]);
  });
});
