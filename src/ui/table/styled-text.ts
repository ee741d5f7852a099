/**
 * Text styled as Ink's `<Text color bold inverse>` styles it, as a string: a line whose pieces
 * differ only in style can then be one Text of one string. Ink gives every nested Text a node,
 * a fiber and a pass of its own when it lays out, measures and draws, so a table that redraws a
 * hundred lines at once (a sort of the whole list) spends most of its frame on them. Same chalk
 * instance and order of styles as Ink's Text (ink/build/components/Text.js), so the bytes are
 * the same; colours in the forms Ink accepts (a chalk name, `#rrggbb`, `ansi256(N)`).
 */
import chalk, { type ForegroundColorName, foregroundColorNames } from 'chalk';

export interface Style {
  color?: string | undefined;
  bold?: boolean;
  inverse?: boolean;
}

const ANSI256 = /^ansi256\(\s?(\d+)\s?\)$/;
const NAMED: ReadonlySet<string> = new Set(foregroundColorNames);

function colorize(text: string, color: string | undefined): string {
  if (!color) return text;
  if (NAMED.has(color)) return chalk[color as ForegroundColorName](text);
  if (color.startsWith('#')) return chalk.hex(color)(text);
  const ansi = ANSI256.exec(color);
  return ansi ? chalk.ansi256(Number(ansi[1]))(text) : text;
}

export function styled(text: string, { color, bold, inverse }: Style): string {
  let out = colorize(text, color);
  if (bold) out = chalk.bold(out);
  if (inverse) out = chalk.inverse(out);
  return out;
}
