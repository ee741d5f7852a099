import type { Key } from 'ink';
import { type ActionOf, KEYMAP, type NamedKey, type Scope } from '../../../src/ui/keymap.js';

/** Ink's Key with nothing pressed: spread it and set what a test presses. */
export const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/** The bytes a terminal sends for a key as the keymap names it ('up', 'enter', 'ctrl+l', 'q'). */
export function keySequence(name: string): string {
  const named = SEQUENCES[name as NamedKey];
  if (named !== undefined) return named;
  if (name.startsWith('ctrl+') && name.length === 6) return String.fromCharCode(name.charCodeAt(5) & 0x1f);
  if ([...name].length !== 1) throw new Error(`not a key name: ${JSON.stringify(name)}`);
  return name;
}

const SEQUENCES: Record<NamedKey, string> = {
  tab: '\t',
  'shift+tab': '\u001b[Z',
  escape: '\u001b',
  enter: '\r',
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  pageup: '\u001b[5~',
  pagedown: '\u001b[6~',
  home: '\u001b[H',
  end: '\u001b[F',
  backspace: '\u007f',
  delete: '\u001b[3~',
};

/**
 * What the terminal sends for the key bound to `action` in `scope` (its `n`th key, default the
 * first): the keymap's, so a test presses what the help lists and follows a binding that moves.
 */
export function keyOf<S extends Scope>(scope: S, action: ActionOf<S>, n = 0): string {
  return keySequence(keyNameOf(scope, action, n));
}

/** The name of that key as the keymap writes it ('q', 'enter', 'ctrl+z'). */
export function keyNameOf<S extends Scope>(scope: S, action: ActionOf<S>, n = 0): string {
  const binding = KEYMAP.find((b) => b.scope === scope && b.action === action);
  const name = (binding?.keys as readonly string[] | undefined)?.[n];
  if (name === undefined) throw new Error(`no key ${n} for ${scope}:${String(action)}`);
  return name;
}

/**
 * The same key as tmux's `send-keys` names it ('q', 'Enter', 'C-z', 'NPage'), for the tests
 * that drive the dashboard in tmux (test/support/tmux-session.ts, `keys(...)`).
 */
export function tmuxKeyOf<S extends Scope>(scope: S, action: ActionOf<S>, n = 0): string {
  return tmuxKeyName(keyNameOf(scope, action, n));
}

/** A keymap key name as tmux's `send-keys` names it. */
export function tmuxKeyName(name: string): string {
  const named = TMUX_NAMES[name];
  if (named !== undefined) return named;
  if (name.startsWith('ctrl+') && name.length === 6) return `C-${name.slice(5)}`;
  // A lone ';' separates tmux commands: no key of the keymap is one, keep it that way here.
  if ([...name].length !== 1 || name === ';') throw new Error(`no tmux name for ${JSON.stringify(name)}`);
  return name;
}

const TMUX_NAMES: Record<string, string> = {
  tab: 'Tab',
  'shift+tab': 'BTab',
  escape: 'Escape',
  enter: 'Enter',
  up: 'Up',
  down: 'Down',
  right: 'Right',
  left: 'Left',
  pageup: 'PPage',
  pagedown: 'NPage',
  home: 'Home',
  end: 'End',
  backspace: 'BSpace',
  delete: 'DC',
  ' ': 'Space',
} satisfies Record<NamedKey | ' ', string>;

/** The key that shows tab `n` (1 for the first). */
export const tabKey = (n: number): string => keyOf('global', 'tab', n - 1);
