/**
 * Imports point one way: shared errors, formatting, the terminal's capabilities and the version at
 * the bottom, then settings
 * (config), the API client beside what works on its models (alert thresholds and readings, with
 * pooltop's own preferences file that holds them; the local work on a loaded sub-account list),
 * the OAuth session, the reference service and the
 * Prometheus exporter, the dashboard (hooks, then
 * views), the command-line helpers, the commands, and the entry points on top. A module may
 * import its own layer or a lower one, never a higher one. Inside the dashboard a hook never
 * imports a view, and views never read the API client (hooks do).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');

/** Layer of a file under src/ (path relative to src, forward slashes), lowest first. */
const LAYERS: Array<[RegExp, number]> = [
  [/^(errors|format|terminal|renderer)\/|^version\.ts$/, 0],
  [/^config\/preferences\.ts$/, 2],
  [/^config\//, 1],
  [/^(api|accounts|alerts)\//, 2],
  [/^session\//, 3],
  [/^(service|exporter)\//, 4],
  [/^ui\//, 5],
  [/^cli\//, 6],
  [/^commands\//, 7],
  [/^(cli|main)\.ts$/, 8],
  [/^launch\//, 9],
];

function layerOf(file: string): number {
  const hit = LAYERS.find(([pattern]) => pattern.test(file));
  if (!hit) throw new Error(`no layer for src/${file}: add it to LAYERS`);
  return hit[1];
}

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative(SRC, path)] : [];
  });
}

/** The files under src/ that `file` imports (static, re-exports and dynamic), by relative path. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (m) => m[1] ?? '',
  );
  return specs.map((spec) => {
    const target = normalize(join(dirname(file), spec)).replace(/\.js$/, '');
    const found = ['.ts', '.tsx'].map((ext) => target + ext).find((p) => files.includes(p));
    if (!found) throw new Error(`src/${file} imports ${spec}, which is not a file under src/`);
    return found;
  });
}

const files = sourceFiles().map((f) => f.split('\\').join('/'));

describe('layers', () => {
  it('every import points to the same layer or a lower one', () => {
    const upward: string[] = [];
    for (const file of files) {
      for (const target of importsOf(file)) {
        if (layerOf(target) > layerOf(file)) upward.push(`src/${file} → src/${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('dashboard hooks never import views or another tab', () => {
    const wrong: string[] = [];
    for (const file of files.filter((f) => /^ui\/.*\/use-[\w-]+\.ts$/.test(f))) {
      const tab = file.split('/')[1];
      for (const target of importsOf(file)) {
        const otherTab =
          target.startsWith('ui/') && target.split('/').length > 2 && target.split('/')[1] !== tab;
        // ui/hooks/ and ui/browser/ (the paged, searchable list of Sub-accounts and of Mining's
        // workers) are shared by the tabs.
        const shared = /^ui\/(hooks|browser)\//.test(target);
        if (target.endsWith('.tsx') || (otherTab && !shared)) {
          wrong.push(`src/${file} → src/${target}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the renderer imports nothing from src/ outside its folder', () => {
    const outside = files
      .filter((f) => f.startsWith('renderer/'))
      .flatMap((file) =>
        importsOf(file)
          .filter((t) => !t.startsWith('renderer/'))
          .map((t) => `src/${file} → src/${t}`),
      );
    expect(files.filter((f) => f.startsWith('renderer/')).length).toBeGreaterThan(5);
    expect(outside).toEqual([]);
  });

  it('views never read the API client', () => {
    const readers = files
      .filter(
        (f) =>
          f.startsWith('ui/') && f.endsWith('.tsx') && f !== 'ui/app.tsx' && f !== 'ui/run-dashboard.tsx',
      )
      .filter((f) =>
        /\bclient\s*[,}][^;]*=\s*useDashboard\(|\bclient\.\w|useDashboard\(\)\.client/.test(
          readFileSync(join(SRC, f), 'utf8'),
        ),
      );
    expect(readers).toEqual([]);
  });

  it('finds what it checks', () => {
    expect(files).toContain('ui/pool/pool-view.tsx');
    expect(importsOf('ui/pool/pool-view.tsx')).toContain('ui/pool/use-pool-overview.ts');
    expect(layerOf('errors/pooltop-error.ts')).toBeLessThan(layerOf('config/resolve.ts'));
  });
});
