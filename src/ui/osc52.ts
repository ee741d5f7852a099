/**
 * Clipboard copy through the terminal (OSC 52): works over SSH, no local helper needed.
 * The text is base64-encoded, so nothing in it can end the sequence early.
 */
export function osc52(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}
