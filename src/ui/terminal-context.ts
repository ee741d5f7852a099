/**
 * The terminal the dashboard draws on, given at its root (run-dashboard.tsx) from what cli.ts
 * decided at start: views read it here, never from process state. Without a provider (a test
 * rendering one view) it is a UTF-8 terminal with 16 colours.
 *
 * Beside it, the terminal effects: what a view asks of the terminal other than drawing (the
 * clipboard, the bell, a desktop notification). Views and hooks call the port and never write
 * to the terminal themselves; run-dashboard.tsx makes it (terminal-effects.ts) and the App hands
 * it down beside `TerminalControl`.
 */
import { createContext, useContext } from 'react';
import { DEFAULT_TERMINAL, type TerminalCaps } from '../terminal/capabilities.js';
import { type Glyphs, glyphsFor } from '../terminal/glyphs.js';

export const TerminalContext = createContext<TerminalCaps>(DEFAULT_TERMINAL);

export function useTerminal(): TerminalCaps {
  return useContext(TerminalContext);
}

/** The terminal's symbols (the ellipsis, the spinner, borders): `…` or `...`. */
export function useGlyphs(): Glyphs {
  return glyphsFor(useContext(TerminalContext));
}

export interface TerminalEffects {
  /**
   * Puts `text` on the terminal's clipboard (OSC 52, wrapped for the multiplexer); returns what
   * the status line says about it (`label` names the value: "Link", "ID").
   */
  copy(text: string, label: string): string;
  /** Rings the terminal bell. */
  bell(): void;
  /** A desktop notification (OSC 9 and OSC 777). */
  notify(title: string, body: string): void;
  /** The terminal's window title (a no-op where the user turned titles off). */
  title(text: string): void;
}

/**
 * A view drawn without the dashboard around it (a test mounting one view) has no terminal to
 * reach: its effects go nowhere, and the copy notice says what would have been sent.
 */
export const NO_EFFECTS: TerminalEffects = {
  copy: (_text, label) => `${label} not sent: no terminal.`,
  bell: () => {},
  notify: () => {},
  title: () => {},
};

export const TerminalEffectsContext = createContext<TerminalEffects>(NO_EFFECTS);

export function useTerminalEffects(): TerminalEffects {
  return useContext(TerminalEffectsContext);
}
