/**
 * patches/README.md's table, the patch files in patches/ and the list the build applies
 * (patches/index.mjs) name the same patches; a patch the table calls removed has no file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATCHES } from '../../patches/index.mjs';

const DIR = join(import.meta.dirname, '..', '..', 'patches');
/** What patches/ holds besides patches: the table, the list, the shared check, types. */
const NOT_PATCHES = new Set(['README.md', 'index.mjs', 'must-match.mjs']);

/** The `.mjs` names in the column headed `patch` of the table under `heading`. */
function tableFiles(markdown: string, heading: string): string[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith(heading));
  if (!section) throw new Error(`patches/README.md has no section "${heading}"`);
  const rows = section.split('\n').filter((line) => line.startsWith('|'));
  const cells = (row: string) =>
    row
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
  const column = cells(rows[0] ?? '').indexOf('patch');
  if (column < 0) throw new Error(`"${heading}" has no column headed "patch"`);
  return rows
    .slice(2)
    .flatMap((row) => [...(cells(row)[column] ?? '').matchAll(/([\w-]+)\.mjs/g)].map((m) => m[1] ?? ''));
}

const readme = readFileSync(join(DIR, 'README.md'), 'utf8');
const files = readdirSync(DIR)
  .filter((f) => !NOT_PATCHES.has(f) && !f.endsWith('.d.mts'))
  .map((f) => f.replace(/\.mjs$/, ''));
const unique = (names: string[]) => [...new Set(names)].sort();

describe('patches/README.md', () => {
  it('lists every patch file, and every patch it lists has a file', () => {
    expect(unique(tableFiles(readme, 'The patches'))).toEqual(unique(files));
  });

  it('lists what the build applies', () => {
    expect(unique(Object.keys(PATCHES))).toEqual(unique(files));
  });

  it('has no file for a patch it calls removed', () => {
    for (const removed of tableFiles(readme, 'Removed')) expect(files).not.toContain(removed);
  });

  it('reads the column it checks', () => {
    const sample = '## The patches\n\n| package | patch |\n|---|---|\n| a | [`a-b.mjs`](a-b.mjs) |\n';
    expect(tableFiles(sample, 'The patches')).toEqual(['a-b', 'a-b']);
  });
});
