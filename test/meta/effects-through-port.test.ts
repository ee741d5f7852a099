/**
 * Views only draw and dispatch: nothing under src/ui writes to the terminal itself but the
 * lifecycle that owns it (entering and leaving the screen, suspending, the screen reader's
 * lines). The clipboard, the bell and notifications go through the terminal effects port
 * (ui/terminal-context.ts), which run-dashboard.tsx makes over the renderer's out-of-band write.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const UI = join(import.meta.dirname, '..', '..', 'src', 'ui');

/** The files that own the terminal's lifecycle: they write modes, not effects. */
const OWNERS = new Set(['run-dashboard.tsx', 'suspend.ts', 'terminal.ts']);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('terminal effects', () => {
  it('no view or hook writes to the terminal: useStdout and stdout.write only where the terminal is owned', () => {
    const writers = files(UI)
      .map((f) => relative(UI, f).split('\\').join('/'))
      .filter((f) => !OWNERS.has(f))
      .filter((f) => /\buseStdout\b|\bstdout\.write\(/.test(readFileSync(join(UI, f), 'utf8')));
    expect(writers).toEqual([]);
  });
});
