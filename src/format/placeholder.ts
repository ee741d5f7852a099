/**
 * What views and tables show where the parsing policy left a value missing, null or unreadable
 * (docs/design.md, "Parsing policy"): one placeholder everywhere, so a degraded row reads alike
 * in the dashboard and in the one-shot commands.
 */
import { sanitizeLine, type TextTarget } from './sanitize.js';

export const PLACEHOLDER = '—';

/** Network text for one line, or the placeholder when it is missing, null or blank. */
export function textOr(value: string | null | undefined, target: TextTarget): string {
  const text = value == null ? '' : sanitizeLine(value, target);
  return text === '' ? PLACEHOLDER : text;
}

/** `yes` / `no`, or the placeholder when unknown. */
export function yesNo(value: boolean | null | undefined): string {
  return value == null ? PLACEHOLDER : value ? 'yes' : 'no';
}

/** Texts joined with `, ` (blank ones dropped), or the placeholder when there are none. */
export function listOr(items: readonly string[] | null | undefined, target: TextTarget): string {
  return (
    (items ?? [])
      .map((item) => sanitizeLine(item, target))
      .filter(Boolean)
      .join(', ') || PLACEHOLDER
  );
}
