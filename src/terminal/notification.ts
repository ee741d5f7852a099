/**
 * What the dashboard writes to the terminal when an alert gets worse: the bell, and with
 * `--notify` a desktop notification in both common forms — OSC 9 (iTerm2, WezTerm, kitty,
 * foot, Windows Terminal…) and OSC 777 (urxvt, VTE terminals such as GNOME Terminal). A
 * multiplexer swallows unknown OSC sequences, so under tmux each is wrapped in tmux's DCS
 * passthrough (`ESC P tmux; … ESC \`, inner ESCs doubled; tmux 3.3+ also needs
 * `set -g allow-passthrough on`) and under GNU screen in its DCS (`ESC P … ESC \`).
 *
 * The text is ours (metric, state, value, an account name) and passes through sanitizeLine, so
 * nothing in it can end a sequence early; it never holds a setting or a secret.
 */
import { sanitizeLine } from '../format/sanitize.js';
import { truncate } from '../format/width.js';
import type { Multiplexer } from './capabilities.js';
import type { TextTarget } from '../format/sanitize.js';
import { glyphsFor } from './glyphs.js';

export const BELL = '\x07';
const ESC = '\x1b';
const ST = `${ESC}\\`;

const tmuxWrap = (sequence: string) => `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ST}`;
const screenWrap = (sequence: string) => `${ESC}P${sequence}${ST}`;

/**
 * One escape sequence, wrapped so the multiplexer hands it to the terminal outside; when it may
 * be either (a TERM of screen* without TMUX or STY), both forms: each drops the other's.
 */
export function passThrough(sequence: string, multiplexer: Multiplexer | undefined): string {
  if (multiplexer === 'tmux') return tmuxWrap(sequence);
  if (multiplexer === 'screen') return screenWrap(sequence);
  if (multiplexer === 'screen-or-tmux') return tmuxWrap(sequence) + screenWrap(sequence);
  return sequence;
}

/** Longest notification body; desktop notifications cut long text anyway. */
export const NOTIFY_MAX = 200;

/** OSC 9 and OSC 777 for one notification. */
export function desktopNotification(
  title: string,
  body: string,
  term: TextTarget,
  multiplexer?: Multiplexer,
): string {
  // `;` separates OSC 777's fields: none in the title.
  const t = sanitizeLine(title, term).replaceAll(';', ',');
  const b = truncate(sanitizeLine(body, term), NOTIFY_MAX, glyphsFor(term).ellipsis);
  const osc9 = `${ESC}]9;${t}: ${b}${BELL}`;
  const osc777 = `${ESC}]777;notify;${t};${b}${BELL}`;
  return passThrough(osc9, multiplexer) + passThrough(osc777, multiplexer);
}
