/**
 * The V8 versions pooltop sets flags on (Node 20 has V8 11, Node 22 V8 12, Node 24 V8 13): V8
 * prints an error for a flag it does not know, and nothing may reach the terminal uninvited, so
 * every `setFlagsFromString` in pooltop asks this first.
 */
const KNOWN_V8_MAJORS = [11, 12, 13];

export function isKnownV8(v8Version: string = process.versions.v8): boolean {
  return KNOWN_V8_MAJORS.includes(Number.parseInt(v8Version, 10));
}
