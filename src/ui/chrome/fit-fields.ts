/**
 * A status line from fields of different importance: when they do not all fit, the least
 * important go whole, one at a time, rather than the line being cut through one of them. The
 * fields keep their order. Pure.
 */
import { displayWidth, truncate } from '../../format/width.js';

export interface Field {
  text: string;
  /** Higher stays longer. */
  priority: number;
}

export function fitFields(
  fields: readonly Field[],
  width: number,
  ellipsis: string,
  separator = ' · ',
): string {
  const kept = fields.filter((f) => f.text !== '');
  const joined = () => kept.map((f) => f.text).join(separator);
  while (kept.length > 1 && displayWidth(joined()) > width) {
    let lowest = 0;
    kept.forEach((f, i) => {
      if (f.priority < (kept[lowest]?.priority ?? 0)) lowest = i;
    });
    kept.splice(lowest, 1);
  }
  // The most important field alone may still be too wide: only then is it cut.
  return truncate(joined(), width, ellipsis);
}

/**
 * As many of `fields` as fit in `width` from the first, whole, joined with ` · `; the ones left
 * out are counted (`+2 more`) when that fits. For lists in order of importance (the active
 * alerts, worst first), where what was left out must still be seen to exist.
 */
export function fitLeadingFields(fields: readonly string[], width: number, separator = ' · '): string {
  let out = '';
  for (let i = 0; i < fields.length; i++) {
    const next = out === '' ? (fields[i] ?? '') : `${out}${separator}${fields[i]}`;
    const rest = fields.length - i - 1;
    const tail = rest > 0 ? `${separator}+${rest} more` : '';
    if (displayWidth(next + tail) <= width) {
      out = next;
      continue;
    }
    const more = `+${fields.length - i} more`;
    const withMore = out === '' ? more : `${out}${separator}${more}`;
    return displayWidth(withMore) <= width ? withMore : out;
  }
  return out;
}
