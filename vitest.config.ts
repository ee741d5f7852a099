import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    // ink-testing-library's stdout has columns but no rows; Ink then asks the terminal-size
    // package, which runs tput/resize on every render where there is no terminal. A fallback
    // size in the environment answers it at once.
    env: { COLUMNS: '100', LINES: '24' },
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
