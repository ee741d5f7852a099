/**
 * Minimal handling of untrusted server text before it goes into an error message: no escape
 * sequences or control characters, one line, bounded length, never HTML, never a known secret.
 * (Display-side sanitising for the UI lives in src/format/sanitize.ts; this builds on it.)
 */
import { KEEP_UNICODE, sanitize } from '../format/sanitize.js';

export const MAX_SERVER_TEXT = 200;

const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-Z\\-_])/g;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

/**
 * One line of plain text, at most `max` characters (an ellipsis marks a cut). Escapes go,
 * controls become spaces, and then the display sanitiser runs too, so no later display step
 * can remove a character and join two pieces of text into something redaction did not see
 * (see `redactServerText`).
 */
export function cleanServerText(text: string, max = MAX_SERVER_TEXT): string {
  const flat = sanitize(text.replace(ANSI, '').replace(CONTROL, ' '), KEEP_UNICODE)
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * Server text made safe to show: cleaned, then every secret (and its URL-, form- and
 * JSON-encoded forms, and those again in hex or base64, as an echoing proxy would quote a
 * request) redacted, then capped. This
 * order means a secret split by escape sequences or invisible characters is seen whole, and one
 * straddling the length cap is never half shown.
 */
export function redactServerText(text: string, secrets: readonly string[], max = MAX_SERVER_TEXT): string {
  return cleanServerText(redact(cleanServerText(text, Number.POSITIVE_INFINITY), secrets), max);
}

export function looksLikeHtml(text: string): boolean {
  return /<\s*(?:!doctype|html|head|body|title|div|p|h\d|script|style|center|pre)\b/i.test(text);
}

/** The ways a secret may be quoted back as text: as is, URL-encoded, form-encoded, JSON-escaped. */
function textForms(secret: string): string[] {
  const forms = [secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)];
  forms.push(JSON.stringify(secret).slice(1, -1));
  return [...new Set(forms)];
}

/** Shortest base64 run that counts: shorter ones are too common in ordinary text to remove. */
const MIN_BASE64_RUN = 8;

/**
 * The base64 (and base64url) text that `bytes` become inside a longer encoded stream, for each
 * of the three alignments they may have in it: only the 4-character groups made of the secret's
 * bytes alone, since the groups at its edges mix in the bytes around it.
 */
function base64Runs(bytes: Buffer): string[] {
  const runs: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    const first = shift === 0 ? 0 : 1;
    const end = Math.floor((shift + bytes.length) / 3);
    const run = encoded.slice(first * 4, end * 4);
    if (run.length >= MIN_BASE64_RUN) runs.push(run, run.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return runs;
}

/**
 * Every way a secret may come back, longest first: its text forms, and each of those encoded
 * again as hex (either case) or base64/base64url (a server echoing the request body encoded).
 */
function encodings(secret: string): string[] {
  const forms: string[] = [];
  for (const text of textForms(secret)) {
    const bytes = Buffer.from(text, 'utf8');
    const hex = bytes.toString('hex');
    forms.push(text, hex, hex.toUpperCase(), ...base64Runs(bytes));
  }
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of each secret (4+ characters), in any of its encodings, with `[redacted]`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    for (const form of encodings(secret)) out = out.split(form).join('[redacted]');
  }
  return out;
}
