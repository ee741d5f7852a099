/**
 * What the terminal sends that is not a key: SGR mouse reports (`ESC [ < b ; x ; y M|m`, turned
 * on by terminal.ts) and answers to pooltop's own queries (OSC 11, the background colour, as
 * `ESC ] 11;rgb:… BEL` or ended by `ESC \`). Ink throws mouse reports away before its input
 * subscription and would hand an answer over as Alt+] and typed text (`11;rgb:…` would switch
 * to tab 1), so the input layer (hooks/use-keypress.ts) takes both out of each read before Ink
 * parses it. Pure.
 */

export interface MouseEvent {
  /** A button, a wheel turn, or 'none' (motion with no button). */
  button: 'left' | 'middle' | 'right' | 'wheel-up' | 'wheel-down' | 'none';
  /** Released ('m'), else pressed or moved. */
  release: boolean;
  /** Moving (with a button held, or none), not a press. */
  motion: boolean;
  /** Zero-based cell. */
  x: number;
  y: number;
}

export interface Reports {
  /** The read without them: keys and pastes, for Ink. */
  text: string;
  mouse: MouseEvent[];
  /** Bodies of the answers, e.g. `11;rgb:ffff/ffff/ffff`. */
  replies: string[];
}

/** A complete SGR mouse report, or an OSC answer whose body starts with its number. */
const REPORT = /\x1b\[<(\d{1,4});(\d{1,5});(\d{1,5})([Mm])|\x1b\](\d[^\x07\x1b]{0,63})(?:\x07|\x1b\\)/g;

function mouseOf(code: number, column: string, row: string, final: string): MouseEvent {
  const low = code & 3;
  const wheel = (code & 64) !== 0;
  const buttons = ['left', 'middle', 'right', 'none'] as const;
  return {
    button: wheel ? (low === 0 ? 'wheel-up' : 'wheel-down') : (buttons[low] ?? 'none'),
    release: final === 'm',
    motion: (code & 32) !== 0,
    x: Math.max(0, Number(column) - 1),
    y: Math.max(0, Number(row) - 1),
  };
}

export function takeReports(read: string): Reports {
  const mouse: MouseEvent[] = [];
  const replies: string[] = [];
  if (!read.includes('\x1b')) return { text: read, mouse, replies };
  const text = read.replace(REPORT, (_all, code, column, row, final, body) => {
    if (body !== undefined) replies.push(body);
    else mouse.push(mouseOf(Number(code), column, row, final));
    return '';
  });
  return { text, mouse, replies };
}
