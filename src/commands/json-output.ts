/**
 * JSON for stdout that is safe to pipe into a terminal: every value is kept exactly, but each
 * C0/C1 control character, DEL, bidirectional override/isolate and line/paragraph separator is
 * written as a four-digit \u escape (e.g. \u009b) (JSON.stringify leaves C1, DEL and the bidi controls raw).
 * For a terminal that is not UTF-8 every character outside ASCII is escaped too: still exact JSON.
 */
import type { TextTarget } from '../format/sanitize.js';

const UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NON_ASCII = /[\u007f-\uffff]/g;

export function toSafeJson(value: unknown, term: TextTarget, indent?: number): string {
  return safeJsonText(JSON.stringify(value, null, indent), term);
}

/** JSON text already written (a writer of its own layout), escaped as toSafeJson escapes. */
export function safeJsonText(json: string, term: TextTarget): string {
  return json.replace(
    term.unicode ? UNSAFE : NON_ASCII,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
