/**
 * `ResourcePolicy`'s options meet in one order, written as a table in its doc comment and in the
 * codebase guide: the two must be the same table, and name only options the type has.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The rows of the first Markdown table in `lines`, cells trimmed. */
function tableRows(lines: readonly string[]): string[][] {
  const start = lines.findIndex((l) => l.startsWith('|'));
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith('|')) break;
    if (/^\|[-\s|]+\|$/.test(line)) continue;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
  }
  return rows;
}

describe('the resource policy table', () => {
  const source = read('src/ui/data/use-resource.ts');
  const comment = source.slice(0, source.indexOf('export interface ResourcePolicy'));
  const inCode = tableRows(comment.split('\n').map((l) => l.replace(/^ \* ?/, '')));
  const guide = read('docs/dev/codebase-guide.md');
  const inGuide = tableRows(guide.slice(guide.indexOf("A policy's options")).split('\n'));

  it('is the same in the code and in the guide', () => {
    expect(inCode.length).toBeGreaterThan(5);
    expect(inGuide).toEqual(inCode);
  });

  it('names only options ResourcePolicy has', () => {
    const body = source.slice(source.indexOf('export interface ResourcePolicy'));
    const fields = new Set(
      [...body.slice(0, body.indexOf('\n}')).matchAll(/^ {2}(\w+)\?:/gm)].map((m) => m[1]),
    );
    const named = inCode.flatMap((row) => [...row.join(' ').matchAll(/`(\w+)`/g)].map((m) => m[1]));
    expect(named.filter((n) => !fields.has(n) && !['r', 'p'].includes(n ?? ''))).toEqual([]);
  });
});
