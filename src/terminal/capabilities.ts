/**
 * What the terminal can do, decided once at start (cli.ts) from the environment and two flags,
 * and handed to every part that draws: the dashboard through its TerminalContext (theme, glyphs,
 * clipboard, whether it runs at all), the one-shot commands in their IO (tables, JSON, messages).
 *
 * - Characters: UTF-8 only when the locale says so (the first set of LC_ALL, LC_CTYPE, LANG names
 *   a UTF-8 codeset, as POSIX resolves it); otherwise, or with `--ascii`, pure ASCII.
 * - Colours: none with `--no-color` or NO_COLOR; FORCE_COLOR=0…3 picks a depth outright; else 24-bit
 *   when COLORTERM says truecolor/24bit, 256 when TERM ends in 256color, otherwise 16.
 * - Cursor addressing: none when TERM is unset or `dumb` (the dashboard refuses to start).
 * - Multiplexer: tmux (TMUX set), GNU screen (STY set), or a TERM of screen* that may be either
 *   (typical after ssh from inside tmux, which does not forward TMUX).
 */

export type ColorDepth = 'none' | '16' | '256' | 'truecolor';
export type Multiplexer = 'tmux' | 'screen' | 'screen-or-tmux' | 'none';

export interface TerminalCaps {
  /** UTF-8 output; false: every byte written is printable ASCII or a control sequence. */
  readonly unicode: boolean;
  readonly color: ColorDepth;
  /** TERM is unset or `dumb`: no alternate screen, no cursor addressing. */
  readonly dumb: boolean;
  readonly multiplexer: Multiplexer;
  /** TERM as given ('' when unset), for messages. */
  readonly term: string;
}

export interface TerminalFlags {
  /** `--ascii` */
  ascii?: boolean;
  /** `--no-color` */
  noColor?: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The locale that decides the character set: LC_ALL, else LC_CTYPE, else LANG (empty ones skipped). */
export function localeOf(env: Env): string {
  return env.LC_ALL || env.LC_CTYPE || env.LANG || 'C';
}

export function isUtf8Locale(locale: string): boolean {
  return /\.utf-?8(@|$)/i.test(locale) || /^utf-?8$/i.test(locale);
}

function forcedColor(value: string | undefined): ColorDepth | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (v === '0' || v === 'false') return 'none';
  if (v === '2') return '256';
  if (v === '3') return 'truecolor';
  if (v === '' || v === '1' || v === 'true') return '16';
  return undefined;
}

export function colorDepthOf(env: Env, flags: TerminalFlags = {}): ColorDepth {
  if (flags.noColor || env.NO_COLOR) return 'none';
  const forced = forcedColor(env.FORCE_COLOR);
  if (forced) return forced;
  const term = (env.TERM ?? '').toLowerCase();
  if (term === '' || term === 'dumb') return 'none';
  const colorterm = (env.COLORTERM ?? '').toLowerCase();
  if (colorterm === 'truecolor' || colorterm === '24bit' || term.endsWith('-direct')) return 'truecolor';
  if (term.endsWith('256color')) return '256';
  return '16';
}

export function multiplexerOf(env: Env): Multiplexer {
  if (env.TMUX) return 'tmux';
  if (env.STY) return 'screen';
  return /^screen/i.test(env.TERM ?? '') ? 'screen-or-tmux' : 'none';
}

export function detectTerminal(env: Env, flags: TerminalFlags = {}): TerminalCaps {
  const term = env.TERM ?? '';
  return {
    unicode: !flags.ascii && isUtf8Locale(localeOf(env)),
    color: colorDepthOf(env, flags),
    dumb: term === '' || term.toLowerCase() === 'dumb',
    multiplexer: multiplexerOf(env),
    term,
  };
}

/** What tests and in-process renders get unless told otherwise: UTF-8, 16 colours, no multiplexer. */
export const DEFAULT_TERMINAL: TerminalCaps = {
  unicode: true,
  color: '16',
  dumb: false,
  multiplexer: 'none',
  term: 'xterm',
};
