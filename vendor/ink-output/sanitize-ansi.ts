// Ink's `sanitizeAnsi`, remembered by input. Ink cleans every text node's squashed string on
// every frame (once per nesting level), and a styled string goes through its ANSI tokenizer,
// which allocates a token per piece; a dashboard redraws the same strings each second. The
// function is pure, so its answers are kept in two generations of at most GENERATION entries:
// a string used in the last two generations stays, the rest are dropped with their generation.
import sanitizeAnsi from '../../node_modules/ink/build/sanitize-ansi.js';

const GENERATION = 4096;
let current = new Map<string, string>();
let previous = new Map<string, string>();

export default function rememberedSanitizeAnsi(text: string): string {
  let clean = current.get(text);
  if (clean !== undefined) return clean;
  clean = previous.get(text) ?? sanitizeAnsi(text);
  if (current.size >= GENERATION) {
    previous = current;
    current = new Map();
  }
  current.set(text, clean);
  return clean;
}
