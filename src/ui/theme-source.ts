/**
 * The dashboard's theme, which may change once after the first frame: with `--theme auto` the
 * terminal's answer to the background query (OSC 11) can arrive after it. The first frame never
 * waits for that answer; one that comes soon after it switches the theme, a later one is ignored
 * (a theme changing minutes in would look like a fault).
 */
import { type Background, createTheme, type Theme } from '../format/color.js';
import { backgroundOfRgb, parseBackgroundReply, type ThemeChoice } from '../terminal/background.js';

export interface ThemeSource {
  get(): Theme;
  background(): Background;
  subscribe(listener: () => void): () => void;
  /** An OSC answer's body from the terminal (`11;rgb:…`); anything else is ignored. */
  answer(body: string): void;
}

export interface ThemeSourceOptions {
  /** Colour at all (NO_COLOR and --no-color say no: then nothing changes it). */
  color: boolean;
  /** 256 colours or more. */
  deep: boolean;
  choice: ThemeChoice;
  /** The background before any answer (terminal/background.ts `initialBackground`). */
  initial: Background;
  now: () => number;
  /** Answers read after this time (ms, `now()`'s clock) are ignored; asked when one comes. */
  answerBy: () => number;
}

export function createThemeSource(opts: ThemeSourceOptions): ThemeSource {
  let background = opts.initial;
  let theme = createTheme(opts.color, background, opts.deep);
  const listeners = new Set<() => void>();
  return {
    get: () => theme,
    background: () => background,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    answer(body) {
      if (opts.choice !== 'auto' || opts.now() > opts.answerBy()) return;
      const rgb = parseBackgroundReply(body);
      if (!rgb) return;
      const next = backgroundOfRgb(rgb);
      if (next === background) return;
      background = next;
      theme = createTheme(opts.color, background, opts.deep);
      for (const listener of [...listeners]) listener();
    },
  };
}

/** A source that never changes (tests, and the theme given outright). */
export function fixedThemeSource(theme: Theme, background: Background = 'dark'): ThemeSource {
  return {
    get: () => theme,
    background: () => background,
    subscribe: () => () => {},
    answer: () => {},
  };
}
