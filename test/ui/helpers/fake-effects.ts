/**
 * Terminal effects ports for the UI tests: a fake that records what the views asked for, and
 * the dashboard's own port (terminal-effects.ts) with the bytes it would send kept in order.
 */
import { DEFAULT_TERMINAL, type TerminalCaps } from '../../../src/terminal/capabilities.js';
import type { TerminalEffects } from '../../../src/ui/terminal-context.js';
import { createTerminalEffects } from '../../../src/ui/terminal-effects.js';

export type Asked =
  | { kind: 'copy'; text: string; label: string }
  | { kind: 'bell' }
  | { kind: 'notify'; title: string; body: string };

/** Records each call (the window titles apart, in `titles`); `copy` answers `copied <label>`. */
export function fakeEffects(): { effects: TerminalEffects; asked: Asked[]; titles: string[] } {
  const asked: Asked[] = [];
  const titles: string[] = [];
  const effects: TerminalEffects = {
    copy(text, label) {
      asked.push({ kind: 'copy', text, label });
      return `copied ${label}`;
    },
    bell: () => void asked.push({ kind: 'bell' }),
    notify: (title, body) => void asked.push({ kind: 'notify', title, body }),
    title: (text) => void titles.push(text),
  };
  return { effects, asked, titles };
}

/** The real port for `term` (default: a plain terminal), its writes kept in `sent`. */
export function sentEffects(
  term: TerminalCaps = DEFAULT_TERMINAL,
  options: { titles?: boolean } = {},
): { effects: TerminalEffects; sent: string[] } {
  const sent: string[] = [];
  return { effects: createTerminalEffects(term, (bytes) => sent.push(bytes), options), sent };
}
