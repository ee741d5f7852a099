/**
 * Minimal handling of untrusted server text before it goes into an error message: no escape
 * sequences or control characters, one line, bounded length, never HTML, never a known secret.
 * (Display-side sanitising for the UI lives in src/format/sanitize.ts; this is the api layer's own.)
 */

export const MAX_SERVER_TEXT = 200;

const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/g;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

/** One line of plain text, at most `max` characters (an ellipsis marks a cut). */
export function cleanServerText(text: string, max = MAX_SERVER_TEXT): string {
  const flat = text.replace(ANSI, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

export function looksLikeHtml(text: string): boolean {
  return /<\s*(?:!doctype|html|head|body|title|div|p|h\d|script|style|center|pre)\b/i.test(text);
}

/** Replaces every occurrence of each secret (4+ characters) with `[redacted]`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}
