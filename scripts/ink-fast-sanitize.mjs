// Ink cleans every text node of every frame with sanitizeAnsi (build/sanitize-ansi.js): any text
// holding an ESC — all coloured text — is tokenised character by character, and a text without
// one is still walked code point by code point looking for C1 controls. Warm, that is cheap;
// in the first frame it all runs in V8's interpreter and was half of Ink's output pass (~20 ms
// of start-up measured with bench/profile.mjs). This esbuild plugin adds a fast path in front of
// Ink's function that returns the text unchanged when Ink would: no control character at all,
// or none left once the SGR sequences (which Ink keeps) are taken out. Anything else goes
// through Ink's own tokeniser as before. test/build/ink-fast-sanitize.test.ts checks the two
// agree on arbitrary text; the build fails when Ink's file no longer has the expected shape.
import { sourcePatch } from './source-patch.mjs';

const TARGET = /[\\/]ink[\\/]build[\\/]sanitize-ansi\.js$/;
const ENTRY = 'const sanitizeAnsi = (text) => {\n';
const FAST_PATH = [
  '    if (!__inkControl.test(text) || !__inkControl.test(text.replace(__inkSgr, ""))) {',
  '        return text;',
  '    }',
  '',
].join('\n');
// ESC and the C1 controls (what Ink's hasAnsiControlCharacters looks for), and an SGR sequence
// exactly as Ink keeps it: CSI, parameters of digits, ':' and ';', no intermediates, final 'm'.
const DECLARATIONS =
  'const __inkControl = /[\\u001B\\u0080-\\u009F]/;\nconst __inkSgr = /\\u001B\\[[\\d:;]*m/g;\n';

/** Ink's sanitize-ansi.js with the fast path in front. */
export function fastSanitize(source, path) {
  if (!source.includes(ENTRY) || !source.includes('hasAnsiControlCharacters(text)')) {
    throw new Error(
      `ink-fast-sanitize: ${path} changed shape (no "${ENTRY.trim()}"); update scripts/ink-fast-sanitize.mjs`,
    );
  }
  return source.replace(ENTRY, `${DECLARATIONS}${ENTRY}${FAST_PATH}`);
}

export function inkFastSanitize() {
  return sourcePatch('ink-fast-sanitize', TARGET, fastSanitize);
}
