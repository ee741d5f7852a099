// What the release reads from pooltop's own source, so the man page, the launcher and --help come
// from one place: the command table (src/commands/index.ts) with each command's name, summary,
// options and --help, the settings table (src/config/settings-meta.ts), and the V8 and allocator
// settings of src/launch. Bundled by esbuild with the program's own options (the same defines,
// so `pooltop --version` and the man page's version agree) into a temporary file and loaded.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { commonOptions, root } from '../program-build.mjs';

const ENTRY = `
export { COMMANDS, HELP, dashboard } from './src/commands/index.ts';
export { COMMAND_NAMES, commandFirst, invocationOf } from './src/commands/support/mode.ts';
export { COMMON_OPTIONS } from './src/commands/support/parse.ts';
export { SETTINGS, PROFILE_ENV } from './src/config/settings-meta.ts';
export { AFTER_START_UP_V8_FLAGS, AT_START_V8_FLAGS, COMMAND_LINE_V8_FLAGS, SERVICE_V8_FLAGS } from './src/launch/dashboard-heap.ts';
export { SERVICE_MALLOC_ENV, STARTED_AGAIN } from './src/launch/service-exec.ts';
`;

/** The tables above, as one CommonJS module's exports. */
export async function loadTable() {
  const dir = mkdtempSync(join(tmpdir(), 'pooltop-table-'));
  try {
    const outfile = join(dir, 'table.cjs');
    await build({
      ...commonOptions(dir),
      format: 'cjs',
      stdin: { contents: ENTRY, resolveDir: root, loader: 'ts' },
      outfile,
    });
    return createRequire(import.meta.url)(outfile);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The flags that take the next argument as their value when written before the command, asked
 * of mode.ts's own commandFirst (a value flag swallows the word after it) rather than listed
 * again: the launcher skips their values as pooltop does.
 */
export function valueFlags(table) {
  const names = new Set(Object.keys(table.COMMON_OPTIONS));
  for (const command of [table.dashboard, ...Object.values(table.COMMANDS)]) for (const name of Object.keys(command.options)) names.add(name);
  return [...names]
    .map((name) => `--${name}`)
    .filter((flag) => table.commandFirst([flag, 'pool'])[0] !== 'pool')
    .sort();
}
