/**
 * The terminal the dashboard draws on, given at its root (run-dashboard.tsx) from what cli.ts
 * decided at start: views read it here, never from process state. Without a provider (a test
 * rendering one view) it is a UTF-8 terminal with 16 colours.
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
