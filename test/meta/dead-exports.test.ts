/**
 * No dead exports: every name a file under src/ exports is used somewhere, in the file itself or
 * in another file under src/ or test/. (A name exported for its own file's use, such as a
 * component's props, is fine; one that nothing mentions at all is left over.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const files = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'test'))];
const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
/** How many times each identifier occurs, over all files. */
const counts = new Map<string, number>();
for (const text of texts.values()) {
  for (const [word] of text.matchAll(/[A-Za-z_$][\w$]*/g)) counts.set(word, (counts.get(word) ?? 0) + 1);
}

/** Names exported by a declaration in `text` (`export const X`, `export function X`, …). */
function exportedNames(text: string): string[] {
  return [
    ...text.matchAll(/^export (?:async )?(?:const|let|function|class|type|interface|enum) ([\w$]+)/gm),
  ].map((m) => m[1] ?? '');
}

describe('dead exports', () => {
  it('every exported name is mentioned somewhere besides its declaration', () => {
    const dead: string[] = [];
    for (const [file, text] of texts) {
      if (!relative(ROOT, file).startsWith('src')) continue;
      for (const name of exportedNames(text)) {
        if ((counts.get(name) ?? 0) < 2) dead.push(`${relative(ROOT, file)}: ${name}`);
      }
    }
    expect(dead).toEqual([]);
  });

  it('finds what it checks', () => {
    expect(exportedNames('export const A = 1;\nexport async function b() {}\nconst c = 2;')).toEqual([
      'A',
      'b',
    ]);
    expect(counts.get('sanitize') ?? 0).toBeGreaterThan(2);
  });
});
