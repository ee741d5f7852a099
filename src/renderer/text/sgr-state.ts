/**
 * The SGR (colour and attribute) state of a styled line at some point: which attributes are on
 * and the parameters that set them, so the rest of a line can be reopened in the right style
 * (../line-diff.ts).
 */

/** An SGR sequence; group 1 is its parameters. */
export const SGR = /^(?:\x1b\[|\x9b)([0-9;:]*)m$/;

/** SGR parameter → [attribute bit, switches it on?]: colours, bold/dim, italic, underline, blink, inverse, hidden, strike. */
function attribute(code: number): [number, boolean] | undefined {
  if ((code >= 30 && code <= 38) || (code >= 90 && code <= 97)) return [1, true];
  if ((code >= 40 && code <= 48) || (code >= 100 && code <= 107)) return [2, true];
  if (code === 39) return [1, false];
  if (code === 49) return [2, false];
  if (code === 1 || code === 2) return [4, true];
  if (code === 22) return [4, false];
  if (code >= 3 && code <= 9) return [8 << (code - 3), true];
  if (code >= 23 && code <= 29) return [8 << (code - 23), false];
  return undefined;
}

/** Attributes switched on, by attribute bit (see `attribute`), with the parameters that set them. */
export type SgrState = Map<number, string>;

/** The SGR that sets `state` from plain, or '' when nothing is on. */
export function opening(state: SgrState): string {
  return state.size === 0 ? '' : `\x1b[${[...state.values()].join(';')}m`;
}

/**
 * The SGR that turns off exactly what `state` has on (not a full reset: a style around the
 * text, e.g. from an Ink transformer, must survive).
 */
export function closing(state: SgrState): string {
  if (state.size === 0) return '';
  const codes: number[] = [];
  if (state.has(1)) codes.push(39);
  if (state.has(2)) codes.push(49);
  if (state.has(4)) codes.push(22);
  for (let bit = 0; bit < 7; bit++) if (state.has(8 << bit)) codes.push(23 + bit);
  return `\x1b[${codes.join(';')}m`;
}

/** Applies one SGR's parameters to `state`. */
export function applySgr(state: SgrState, params: string): void {
  const codes = params.split(/[;:]/).map(Number);
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] ?? 0;
    if (code === 0) {
      state.clear();
      continue;
    }
    // 38/48 carry a colour: 5;n or 2;r;g;b.
    const span = code === 38 || code === 48 ? (codes[i + 1] === 5 ? 3 : 5) : 1;
    const set = codes.slice(i, i + span).join(';');
    i += span - 1;
    const hit = attribute(code);
    if (!hit) continue;
    const [bit, on] = hit;
    if (!on) state.delete(bit);
    else if (bit === 4 && state.has(4) && state.get(4) !== set) state.set(4, '1;2');
    else state.set(bit, set);
  }
}
