/**
 * Docs that cannot drift: every relative link and `#anchor` in the README, docs/ and the READMEs
 * of src/, bench/ and patches/ resolves, and every file a comment in src/ names exists. The
 * checkers are shown failing on fixtures first, then run over the real tree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  anchorsOf,
  brokenLinks,
  commentsOf,
  fileNamesIn,
  githubSlug,
  linksOf,
  missingFileNames,
} from '../support/doc-checks.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SKIP = new Set(['node_modules', '.git', 'dist', 'coverage']);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [relative(ROOT, path).split(sep).join('/')];
  });
}

describe('the checkers', () => {
  it("slugs headings as GitHub does", () => {
    expect(githubSlug('The renderer')).toBe('the-renderer');
    expect(githubSlug('From a key press to the screen')).toBe('from-a-key-press-to-the-screen');
    expect(githubSlug('Over hours: the soak')).toBe('over-hours-the-soak');
    expect(githubSlug('`L`, the whole list (10,100 rows)')).toBe('l-the-whole-list-10100-rows');
    expect(githubSlug('Node.js 22 & 24 — figures')).toBe('nodejs-22--24--figures');
    expect([...anchorsOf('# A\n## Notes\n```\n# not a heading\n```\n## Notes\n')]).toEqual(['a', 'notes', 'notes-1']);
  });

  it('finds links outside code, and reports a missing file or anchor', () => {
    const text = '[a](b.md#two) [c](missing.md) `[d](e.md)` [f](https://x.org/y.md) [g](#one)\n\n```\n[h](i.md)\n```\n[r]: b.md#three\n';
    expect(linksOf(text)).toEqual(['b.md#two', 'missing.md', 'https://x.org/y.md', '#one', 'b.md#three']);
    const files = { 'docs/a.md': text, 'docs/b.md': '# One\n## Two\n' };
    const broken = brokenLinks(
      [{ path: 'docs/a.md', text }],
      (p) => p in files,
      (p) => files[p as keyof typeof files],
    );
    expect(broken).toEqual([
      'docs/a.md: missing.md (no docs/missing.md)',
      'docs/a.md: #one (no heading #one in docs/a.md)',
      'docs/a.md: b.md#three (no heading #three in docs/b.md)',
    ]);
  });

  it('finds file names in comments only, and reports one that names no file', () => {
    const source = [
      "/** The clock (hooks/use-now.ts) and the timing (pass-timing.ts); see docs/performance.md. */",
      "const path = 'not/a-comment.ts'; // but ./here.tsx is, and *.tsx and https://x.org/a.ts are not",
      '// ui/pass-timing.ts, from src/',
    ].join('\n');
    expect(fileNamesIn(commentsOf(source))).toEqual([
      'hooks/use-now.ts',
      'pass-timing.ts',
      'docs/performance.md',
      './here.tsx',
      'ui/pass-timing.ts',
    ]);
    const repo = ['src/ui/pass-timing.ts', 'src/ui/clock.ts', 'docs/performance.md', 'src/ui/here.tsx'];
    expect(missingFileNames([{ path: 'src/ui/a.ts', text: source }], repo)).toEqual(['src/ui/a.ts: hooks/use-now.ts']);
  });
});

describe('the real tree', () => {
  const files = walk(ROOT);
  const exists = new Set([...files, ...files.flatMap((f) => f.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/')))]);
  const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

  it('every relative link and anchor in the docs resolves', () => {
    const markdown = files.filter(
      (f) =>
        f === 'README.md' ||
        (f.startsWith('docs/') && f.endsWith('.md')) ||
        /^(src\/(.+\/)?|bench\/|patches\/)README\.md$/.test(f),
    );
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'docs/design.md', 'src/renderer/README.md', 'bench/README.md', 'patches/README.md']));
    const broken = brokenLinks(
      markdown.map((path) => ({ path, text: read(path) })),
      (p) => exists.has(p),
      read,
    );
    expect(broken).toEqual([]);
  });

  it('every file a comment in src/ names exists', () => {
    const sources = files.filter((f) => f.startsWith('src/') && /\.(tsx?|mjs)$/.test(f));
    expect(sources.length).toBeGreaterThan(100);
    // What the build writes (dist/ is not in the tree until it runs) counts as there.
    const built = [...read('scripts/build.mjs').matchAll(/'(pooltop[\w-]*\.cjs)'/g)].map((m) => `dist/${m[1]}`);
    expect(built).toContain('dist/pooltop.cjs');
    const texts = sources.map((path) => ({ path, text: read(path) }));
    expect(missingFileNames(texts, [...files, ...built])).toEqual([]);
  });
});
