import { defineConfig } from 'vitest/config';
import { inkOutputRedirectsVite } from './patches/ink-output-redirects.mjs';

export default defineConfig({
  // Tests draw with the renderer users get: Ink's output pass swapped for src/renderer/output,
  // as in the bundle (patches/ink-output-redirects.mjs). Ink (and ink-testing-library, so there
  // is one Ink) go through Vite for that.
  plugins: [inkOutputRedirectsVite()],
  test: {
    server: { deps: { inline: ['ink', 'ink-testing-library'] } },
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    // ink-testing-library's stdout has columns but no rows; Ink then asks the terminal-size
    // package, which runs tput/resize on every render where there is no terminal. A fallback
    // size in the environment answers it at once.
    env: { COLUMNS: '100', LINES: '24' },
    pool: 'forks',
    // Most files wait on child processes and sockets, not the CPU: three at a time on a 2-core
    // machine (vitest's default there is one) keep both cores busy.
    maxWorkers: 3,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    globalSetup: ['./test/support/run-temp-dir.ts', './test/support/no-writes.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
