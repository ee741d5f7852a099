/**
 * The symbols whose ASCII form is not a simple one-for-one swap (ascii.ts does those): they
 * differ in width (the ellipsis) or by where they stand (a rounded corner is `+` in a border but
 * `.` in a chart line). Chosen where they are drawn, from the capabilities of the terminal drawn on.
 */
import type { TextTarget } from '../format/sanitize.js';

export interface Glyphs {
  /** Ends cut text: `…` or `...`. */
  ellipsis: string;
  /** Spinner frames, one column each. */
  spinner: readonly string[];
  /** asciichart's symbols: axis, tick, two stubs, horizontal, four curves, vertical. */
  chart: readonly string[];
  /** Marks a time label under the chart. */
  tick: string;
  /** Ink border style of panes. */
  border: 'round' | 'classic';
  /** The rule under a plain-text table's heading. */
  rule: string;
  /** Table frames: corners, joints and lines. */
  table: {
    header: TableRowChars;
    heading: TableRowChars;
    separator: TableRowChars;
    data: TableRowChars;
    footer: TableRowChars;
  };
}

export interface TableRowChars {
  line: string;
  left: string;
  cross: string;
  right: string;
}

const UNICODE: Glyphs = {
  ellipsis: '…',
  spinner: ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'],
  chart: ['┼', '┤', '╶', '╴', '─', '╰', '╭', '╮', '╯', '│'],
  tick: '╵',
  border: 'round',
  rule: '─',
  table: {
    header: { line: '─', left: '┌', cross: '┬', right: '┐' },
    heading: { line: ' ', left: '│', cross: '│', right: '│' },
    separator: { line: '─', left: '├', cross: '┼', right: '┤' },
    data: { line: ' ', left: '│', cross: '│', right: '│' },
    footer: { line: '─', left: '└', cross: '┴', right: '┘' },
  },
};

const ASCII: Glyphs = {
  ellipsis: '...',
  spinner: ['|', '/', '-', '\\'],
  chart: ['+', '|', '-', '-', '-', "'", '.', '.', "'", '|'],
  tick: "'",
  border: 'classic',
  rule: '-',
  table: {
    header: { line: '-', left: '+', cross: '+', right: '+' },
    heading: { line: ' ', left: '|', cross: '|', right: '|' },
    separator: { line: '-', left: '+', cross: '+', right: '+' },
    data: { line: ' ', left: '|', cross: '|', right: '|' },
    footer: { line: '-', left: '+', cross: '+', right: '+' },
  },
};

export function glyphsFor(target: TextTarget): Glyphs {
  return target.unicode ? UNICODE : ASCII;
}
