/**
 * Copy through the terminal (OSC 52): works over SSH, no local helper needed. The text is
 * base64-encoded, so nothing in it can end the sequence early. A program cannot learn whether
 * the terminal honoured it, so the message says what was sent, never that it was copied.
 *
 * Multiplexers:
 * - tmux takes OSC 52 from the programs in its panes only with `set-clipboard on` (the default,
 *   `external`, ignores it); it then keeps a tmux buffer and passes the sequence on to the outer
 *   terminal. Its DCS passthrough (`ESC P tmux; …`) would need `allow-passthrough on`, off by
 *   default since tmux 3.3, and skips tmux's own buffer: plain OSC 52 is the one to send.
 * - GNU screen passes nothing it does not understand, except the body of a DCS string, which it
 *   writes to the outer terminal as it is; it cuts long strings, so the sequence goes in pieces.
 * - A TERM of screen* with neither TMUX nor STY (ssh from inside either) gets both forms: each
 *   multiplexer drops the one it does not take.
 */
import type { Multiplexer } from './capabilities.js';

const SCREEN_CHUNK = 512;

export function osc52(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}

/** OSC 52 inside GNU screen's DCS passthrough, cut into pieces screen does not truncate. */
export function screenOsc52(text: string): string {
  const payload = Buffer.from(text, 'utf8').toString('base64');
  let out = '\x1bP\x1b]52;c;';
  for (let i = 0; i < payload.length; i += SCREEN_CHUNK) {
    if (i > 0) out += '\x1b\\\x1bP';
    out += payload.slice(i, i + SCREEN_CHUNK);
  }
  return `${out}\x07\x1b\\`;
}

/** The bytes to write for `text` under `mux`. */
export function clipboardSequence(text: string, mux: Multiplexer): string {
  if (mux === 'screen') return screenOsc52(text);
  if (mux === 'screen-or-tmux') return osc52(text) + screenOsc52(text);
  return osc52(text);
}

/** The one line of tmux configuration that lets a program set the clipboard. */
export const TMUX_CLIPBOARD_SETTING = 'set -g set-clipboard on';

/**
 * What the status line says after sending `value` (a `label` such as "Link" under tmux, where the
 * setting takes the room): true to what is known, and how to make it work. Fits 80 columns.
 */
export function clipboardNotice(label: string, value: string, mux: Multiplexer): string {
  if (mux === 'tmux' || mux === 'screen-or-tmux') {
    return `${label} sent to the terminal clipboard (OSC 52) · tmux: ${TMUX_CLIPBOARD_SETTING}`;
  }
  const sent = `Sent ${value} to the terminal clipboard (OSC 52)`;
  return mux === 'screen' ? `${sent} through screen.` : `${sent}.`;
}
