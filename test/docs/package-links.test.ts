/**
 * What `npm pack` ships reads whole: every relative link in a shipped Markdown file (the README,
 * docs/) points to a file that is shipped too, and the package says where it comes from.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** The files `npm pack` would put in the package (no build: only the list is read). */
function packedFiles(): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [info] = JSON.parse(out.slice(out.indexOf('['))) as [{ files: { path: string }[] }];
  return info.files.map((f) => f.path);
}

describe('the package', () => {
  const files = packedFiles();

  it('ships the README, the docs and contrib', () => {
    for (const f of [
      'README.md',
      'LICENSE',
      'docs/usage.md',
      'docs/monitoring.md',
      'contrib/prometheus-rules.yml',
    ]) {
      expect(files).toContain(f);
    }
  });

  it('every relative link of a shipped Markdown file points into the package', () => {
    const dead: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = (m[1] ?? '').split('#')[0] ?? '';
        if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
        const path = normalize(join(dirname(file), target))
          .split('\\')
          .join('/');
        if (!files.includes(path)) dead.push(`${file} → ${m[1]}`);
      }
    }
    expect(dead).toEqual([]);
  });

  it('names its repository, home page and issue tracker', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.repository.url).toMatch(/^git\+https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect(pkg.bugs.url).toMatch(/^https:\/\/.*\/issues$/);
    expect(pkg.keywords.length).toBeGreaterThan(0);
  });
});
