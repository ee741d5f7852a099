// Every rewrite of a dependency in pooltop's bundles, as esbuild plugins for every bundle
// (scripts/program-build.mjs). patches/README.md is the table: what each changes, why, what it
// buys and when it can go. test/patches/ checks that table, this list and the folder agree.
import { inkOutputRedirects } from './ink-output-redirects.mjs';
import { inkWithoutDevMode } from './ink-without-dev-mode.mjs';
import { stringWidthLazySetUp } from './string-width-lazy-set-up.mjs';
import { swrUnrefDedupeTimer } from './swr-unref-dedupe-timer.mjs';
import { undiciH2OnFirstUse } from './undici-h2-on-first-use.mjs';
import { undiciPoolOnly } from './undici-pool-only.mjs';
import { yogaFromBytes } from './yoga-from-bytes.mjs';

/** Each patch by its file name in patches/ (without .mjs). */
export const PATCHES = {
  'ink-output-redirects': inkOutputRedirects,
  'ink-without-dev-mode': inkWithoutDevMode,
  'yoga-from-bytes': yogaFromBytes,
  'swr-unref-dedupe-timer': swrUnrefDedupeTimer,
  'undici-pool-only': undiciPoolOnly,
  'undici-h2-on-first-use': undiciH2OnFirstUse,
  'string-width-lazy-set-up': stringWidthLazySetUp,
};

/**
 * The plugins for a bundle: every patch but those named in POOLTOP_PATCHES_OFF (a build-time
 * setting, comma-separated names), which builds without them to measure what each buys.
 */
export function dependencyPatches(env = process.env) {
  const off = new Set((env.POOLTOP_PATCHES_OFF ?? '').split(',').filter(Boolean));
  const unknown = [...off].filter((name) => !(name in PATCHES));
  if (unknown.length > 0) throw new Error(`POOLTOP_PATCHES_OFF: no patch named ${unknown.join(', ')}`);
  return Object.entries(PATCHES)
    .filter(([name]) => !off.has(name))
    .map(([, plugin]) => plugin());
}
