// Ink keeps two module-level caches keyed by every distinct text it has ever drawn
// (build/measure-text.js: a Map of sizes; build/wrap-text.js: an object of wrapped texts) and
// never evicts anything. The dashboard draws new text every second (the clock, ages,
// countdowns, hash rates), so over a week-long run both grow by tens of megabytes. This esbuild
// plugin bounds them in the bundle: past INK_CACHE_MAX entries a cache starts afresh. It fails
// the build when Ink's source no longer has the expected shape, so an Ink upgrade cannot drop
// the bound silently.
import { sourcePatch } from './source-patch.mjs';

// 1000, not more: a screen holds a few hundred distinct texts, and the 1 s clock adds a few new
// ones every second, so a larger bound only holds more dead text. With 5000 the heap after GC
// climbed ~0.9 MB a minute for the first ~20 minutes (bench/README.md, figure 5).
export const INK_CACHE_MAX = 1000;

const TARGET = /[\\/]ink[\\/]build[\\/](measure-text|wrap-text)\.js$/;

function replaceOnce(source, needle, replacement, file) {
  if (!source.includes(needle)) {
    throw new Error(
      `bounded-ink-caches: ${file} changed shape (no "${needle.trim()}"); update scripts/bounded-ink-caches.mjs`,
    );
  }
  return source.replace(needle, replacement);
}

/** The patched source of Ink's measure-text.js or wrap-text.js. */
export function boundInkCache(source, path) {
  if (/measure-text\.js$/.test(path)) {
    const set = '    cache.set(text, dimensions);';
    return replaceOnce(source, set, `    if (cache.size >= ${INK_CACHE_MAX}) cache.clear();\n${set}`, path);
  }
  let out = replaceOnce(source, 'const cache = {};', 'let cache = {};\nlet cacheSize = 0;', path);
  const set = '    cache[cacheKey] = wrappedText;';
  out = replaceOnce(
    out,
    set,
    `    if (++cacheSize > ${INK_CACHE_MAX}) { cache = {}; cacheSize = 1; }\n${set}`,
    path,
  );
  return out;
}

export function boundedInkCaches() {
  return sourcePatch('bounded-ink-caches', TARGET, boundInkCache);
}
