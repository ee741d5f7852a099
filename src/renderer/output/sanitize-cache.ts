/**
 * Stands in for Ink's `sanitize-ansi.js` where Ink squashes the text of a <Text> (on every frame,
 * for layout and again for drawing): Ink tokenises each string's escape sequences anew, though
 * nearly every string is one it sanitised for the frame before, so an idle dashboard spent a
 * quarter of all it allocated there. The answers for the strings of the last frames are kept, in
 * two generations so the cache stays bounded.
 */
import inkSanitizeAnsi from 'ink-sanitize-ansi';

/** Strings per generation: a full screen of the busiest tab draws a few hundred. */
const GENERATION = 2048;

let current = new Map<string, string>();
let previous = new Map<string, string>();

export default function sanitizeAnsi(text: string): string {
  const known = current.get(text);
  if (known !== undefined) return known;
  const clean = previous.get(text) ?? inkSanitizeAnsi(text);
  if (current.size >= GENERATION) {
    previous = current;
    current = new Map();
  }
  current.set(text, clean);
  return clean;
}
