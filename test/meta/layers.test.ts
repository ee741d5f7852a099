/**
 * Imports point one way: text formatting and the version at the bottom (pure functions, told what
 * they need: the terminal's capabilities come as a parameter), then shared errors, the terminal's
 * capabilities and the renderer, then settings
 * (config), the API client beside what works on its models (alert thresholds and readings, with
 * pooltop's own preferences file that holds them; the local work on a loaded sub-account list;
 * rewards as the books want them),
 * the OAuth session and the history store, the reference service, the
 * Prometheus exporter and the watcher, the dashboard (hooks, then
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
  [/^format\/|^version\.ts$/, 0],
  [/^(errors|terminal|renderer)\//, 1],
  [/^config\//, 2],
  [/^(api|accounts|alerts|rewards)\//, 3],
  [/^(session|history)\//, 4],
  [/^(service|exporter|watch|report)\//, 5],
  [/^ui\//, 6],
  [/^commands\/support\//, 7],
  [/^commands\//, 8],
  [/^(cli|main)\.ts$/, 9],
  [/^launch\//, 10],
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

type Graph = Map<string, Set<string>>;

function fileGraph(): Graph {
  return new Map(files.map((file) => [file, new Set(importsOf(file))]));
}

/** `ui/pool/x.ts` → `ui`; a file at the top of src/ is its own node (`cli.ts`). */
const folderOf = (file: string) => file.split('/')[0] ?? file;

/** Edges between different top-level folders, one per pair. */
function folderGraph(graph: Graph): Graph {
  const folders: Graph = new Map();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    const edges = folders.get(from) ?? new Set<string>();
    folders.set(from, edges);
    for (const target of targets) if (folderOf(target) !== from) edges.add(folderOf(target));
  }
  return folders;
}

/**
 * Every circle in `graph`, one line per strongly connected component of more than one node (or a
 * node importing itself), with one path round it: `a → b → a`. Tarjan's algorithm.
 */
function circles(graph: Graph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) {
      found.push(pathRound(graph, new Set(component), node).join(' → '));
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort();
}

/** A shortest path from `start` back to itself inside one component (breadth first). */
function pathRound(graph: Graph, component: Set<string>, start: string): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] ?? start;
    for (const next of graph.get(node) ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const path: string[] = [];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) {
          path.unshift(at);
        }
        return [start, ...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

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
        // ui/data/ (the one resource hook), ui/hooks/, ui/browser/ (the paged, searchable list of Sub-accounts and of Mining's
        // workers), ui/shared/ (widgets and hooks more than one tab uses) and ui/alerts/ (the watcher's judgement) are
        // shared by the tabs.
        const shared = /^ui\/(hooks|browser|data|shared|alerts)\//.test(target);
        if (target.endsWith('.tsx') || (otherTab && !shared)) {
          wrong.push(`src/${file} → src/${target}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('format/ imports nothing outside format/: the terminal reaches it as a parameter', () => {
    const outside = files
      .filter((f) => f.startsWith('format/'))
      .flatMap((file) =>
        importsOf(file)
          .filter((t) => !t.startsWith('format/'))
          .map((t) => `src/${file} → src/${t}`),
      );
    expect(outside).toEqual([]);
  });

  it('the terminal is decided once, by the entry, and held nowhere else', () => {
    // Only cli.ts detects it; it travels in the commands' IO and the dashboard's TerminalContext.
    const detecting = files.filter(
      (f) =>
        f !== 'cli.ts' &&
        f !== 'terminal/capabilities.ts' &&
        /\bdetectTerminal\(/.test(readFileSync(join(SRC, f), 'utf8')),
    );
    expect(detecting).toEqual([]);
    // No module state under terminal/: a `let` at the top level would be process-wide.
    const held = files.filter(
      (f) => f.startsWith('terminal/') && /^(export )?let /m.test(readFileSync(join(SRC, f), 'utf8')),
    );
    expect(held).toEqual([]);
  });

  it('the renderer imports nothing from src/ outside its folder but format/ (text measures)', () => {
    const outside = files
      .filter((f) => f.startsWith('renderer/'))
      .flatMap((file) =>
        importsOf(file)
          .filter((t) => !t.startsWith('renderer/') && !t.startsWith('format/'))
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

  it('no import circle between files', () => {
    expect(circles(fileGraph())).toEqual([]);
  });

  it('no import circle between top-level folders of src/', () => {
    expect(circles(folderGraph(fileGraph()))).toEqual([]);
  });

  it('finds what it checks', () => {
    expect(files).toContain('ui/pool/pool-view.tsx');
    expect(importsOf('ui/pool/pool-view.tsx')).toContain('ui/pool/use-pool-overview.ts');
    expect(layerOf('errors/pooltop-error.ts')).toBeLessThan(layerOf('config/resolve.ts'));
    const graph: Graph = new Map([
      ['a.ts', new Set(['b.ts'])],
      ['b.ts', new Set(['c/d.ts'])],
      ['c/d.ts', new Set(['a.ts', 'c/e.ts'])],
      ['c/e.ts', new Set<string>()],
      ['f/g.ts', new Set(['f/g.ts', 'c/e.ts'])],
    ]);
    expect(circles(graph)).toEqual(['a.ts → b.ts → c/d.ts → a.ts', 'f/g.ts → f/g.ts']);
    expect(circles(folderGraph(graph))).toEqual(['a.ts → b.ts → c → a.ts']);
  });
});
