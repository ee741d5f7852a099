// string-width and slice-ansi each create an Intl.Segmenter when they load. The first segmenter
// a process creates loads ICU's break-iterator data, ~12 ms here, on the start-up path; a
// dashboard whose first frame is all narrow text (src/format/width.ts) never needs one that
// early. This esbuild plugin makes those module-level segmenters lazy: the same object, created
// on the first segment() call. It fails the build when a target no longer has the expected
// line, so an upgrade cannot drop the change silently (and src/ uses src/format/graphemes.ts).
import { sourcePatch } from './source-patch.mjs';

const TARGET = /[\\/]node_modules[\\/](string-width[\\/]index|slice-ansi[\\/]tokenize-ansi)\.js$/;
const SEGMENTER = /^const (\w+) = new Intl\.Segmenter\(([^)]*)\);$/m;

/** `source` with its module-level segmenter created on first use. */
export function lazySegmenter(source, path) {
  const match = SEGMENTER.exec(source);
  if (!match) {
    throw new Error(
      `lazy-segmenters: ${path} changed shape (no module-level "const … = new Intl.Segmenter(…);"); update scripts/lazy-segmenters.mjs`,
    );
  }
  const [line, name, args] = match;
  const lazy = `let ${name}__real;\nconst ${name} = { segment: (text) => (${name}__real ??= new Intl.Segmenter(${args})).segment(text) };`;
  return source.replace(line, lazy);
}

export function lazySegmenters() {
  return sourcePatch('lazy-segmenters', TARGET, lazySegmenter);
}
