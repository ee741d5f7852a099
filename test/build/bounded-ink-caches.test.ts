/**
 * The build bounds Ink's two never-evicting text caches (scripts/bounded-ink-caches.mjs). This
 * checks the patch still applies to the installed Ink and that the patched caches stay bounded.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build helper without type declarations
import { boundInkCache, INK_CACHE_MAX } from '../../scripts/bounded-ink-caches.mjs';

const inkBuild = join(dirname(createRequire(import.meta.url).resolve('ink')), '.');
const source = (file: string) => readFileSync(join(inkBuild, file), 'utf8');

/** Runs a patched cache module body with its imports replaced by stand-ins; returns its export. */
function load(code: string, stubs: Record<string, unknown>): (...args: unknown[]) => unknown {
  const body = code
    .replace(
      /^import (\w+) from '([^']+)';$/gm,
      (_m, name: string, mod: string) => `const ${name} = stubs[${JSON.stringify(mod)}];`,
    )
    .replace(/^export default (\w+);$/m, 'return $1;')
    .replace(/^\/\/# sourceMappingURL=.*$/m, '');
  return new Function('stubs', body)(stubs) as (...args: unknown[]) => unknown;
}

describe('bounded Ink caches', () => {
  it('patches the installed measure-text.js and wrap-text.js, and refuses an unknown shape', () => {
    for (const file of ['measure-text.js', 'wrap-text.js']) {
      const patched = boundInkCache(source(file), join(inkBuild, file)) as string;
      expect(patched).toContain(String(INK_CACHE_MAX));
    }
    expect(() => boundInkCache('const cache = new WeakMap();', '/x/ink/build/measure-text.js')).toThrow(
      /changed shape/,
    );
  });

  it('keeps measuring and wrapping right while the caches stay bounded', () => {
    let widths = 0;
    const measure = load(boundInkCache(source('measure-text.js'), 'measure-text.js') as string, {
      'widest-line': (t: string) => {
        widths++;
        return t.length;
      },
    });
    for (let i = 0; i < INK_CACHE_MAX * 3; i++)
      expect(measure(`clock ${i}`)).toEqual({ width: `clock ${i}`.length, height: 1 });
    const again = widths;
    measure(`clock ${INK_CACHE_MAX * 3 - 1}`);
    expect(widths).toBe(again); // recent entries still cached
    measure('clock 0');
    expect(widths).toBe(again + 1); // old ones were let go
    const wrap = load(boundInkCache(source('wrap-text.js'), 'wrap-text.js') as string, {
      'wrap-ansi': (t: string) => t,
      'cli-truncate': (t: string, n: number) => t.slice(0, n),
    });
    for (let i = 0; i < INK_CACHE_MAX * 3; i++) expect(wrap(`line ${i}`, 4, 'truncate')).toBe('line');
  });
});
