/**
 * Every key binding of the dashboard, once. This table drives both input handling
 * (`useKeymap` in hooks/use-keymap.ts) and the help overlay (`?`), so they cannot drift apart.
 *
 * Adding a binding for a tab (the pattern the Sub-accounts and Session tabs follow):
 *   1. Add one entry here with that tab's scope, e.g.
 *        { scope: 'accounts', action: 'filter', keys: ['/'], description: 'Filter sub-accounts' },
 *      Key names: a printable character as typed ('/', 'G'), or one of `NamedKey` below,
 *      or `ctrl+<letter>`. A key may be bound once in 'global' or in tabs' scopes, never both
 *      (test/ui/keymap.test.ts checks it).
 *   2. In the tab's view, handle it:
 *        useKeymap('accounts', { filter: () => setFiltering(true) }, active);
 *      `active` is the `active` prop every tab view receives (false while hidden or while help is
 *      open). The action names are type-checked against this table.
 *   3. Nothing else: the help overlay lists the entry under that tab.
 * A view that needs raw text (a search box) calls `useUiState().setCapture(true)` while it has
 * focus (and false after); the global bindings (except Ctrl+C) then stand aside.
 */
import type { Key } from 'ink';
import { TAB_KEYS, type TabScope } from './tabs.js';

export type { TabScope };
/** 'global', a tab's scope (tabs.ts), or an overlay's ('help', 'alerts': the `!` history, while open). */
export type Scope = 'global' | 'help' | 'alerts' | TabScope;

/** 'Go to tab 1, 2, 3 or 4', for as many tabs as the tab table has. */
function tabKeysText(): string {
  const keys = [...TAB_KEYS];
  const last = keys.pop();
  return keys.length === 0 ? `Go to tab ${last}` : `Go to tab ${keys.join(', ')} or ${last}`;
}

export type NamedKey =
  | 'tab'
  | 'shift+tab'
  | 'escape'
  | 'enter'
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'pageup'
  | 'pagedown'
  | 'home'
  | 'end'
  | 'backspace'
  | 'delete';

export interface Binding {
  readonly scope: Scope;
  /** Identifier the handlers use; unique within a scope. */
  readonly action: string;
  /** Any of these triggers the action. */
  readonly keys: readonly string[];
  /** One line for the help overlay. */
  readonly description: string;
}

export const KEYMAP = [
  { scope: 'global', action: 'quit', keys: ['q', 'ctrl+c'], description: 'Quit' },
  { scope: 'global', action: 'help', keys: ['?'], description: 'Show or hide this help' },
  {
    scope: 'global',
    action: 'close',
    keys: ['escape'],
    description: 'Close help, alerts, a pane or a search; stop a load',
  },
  { scope: 'global', action: 'tab', keys: TAB_KEYS, description: tabKeysText() },
  { scope: 'global', action: 'next-tab', keys: ['tab'], description: 'Next tab' },
  { scope: 'global', action: 'prev-tab', keys: ['shift+tab'], description: 'Previous tab' },
  { scope: 'global', action: 'pause', keys: ['p'], description: 'Pause or resume polling' },
  { scope: 'global', action: 'refresh', keys: ['r'], description: 'Refresh now (once, while paused)' },
  { scope: 'global', action: 'redraw', keys: ['ctrl+l'], description: 'Redraw the screen' },
  {
    scope: 'global',
    action: 'suspend',
    keys: ['ctrl+z'],
    description: 'Suspend to the shell (fg brings pooltop back)',
  },
  { scope: 'help', action: 'scroll-down', keys: ['down', 'j'], description: 'Scroll this help down' },
  { scope: 'help', action: 'scroll-up', keys: ['up', 'k'], description: 'Scroll this help up' },
  {
    scope: 'global',
    action: 'alerts',
    keys: ['!'],
    description: 'Alert history since start (Esc or ! closes)',
  },
  { scope: 'alerts', action: 'down', keys: ['down', 'j'], description: 'Scroll down' },
  { scope: 'alerts', action: 'up', keys: ['up', 'k'], description: 'Scroll up' },
  { scope: 'alerts', action: 'page-down', keys: ['pagedown', 'n', ' '], description: 'Page down' },
  { scope: 'alerts', action: 'page-up', keys: ['pageup', 'b'], description: 'Page up' },
  { scope: 'alerts', action: 'newest', keys: ['home', 'g'], description: 'Newest first' },
  { scope: 'alerts', action: 'oldest', keys: ['end', 'G'], description: 'Oldest' },
  { scope: 'pool', action: 'next-link', keys: ['down', 'j'], description: 'Select the next connection link' },
  {
    scope: 'pool',
    action: 'prev-link',
    keys: ['up', 'k'],
    description: 'Select the previous connection link',
  },
  {
    scope: 'pool',
    action: 'copy-link',
    keys: ['y'],
    description: 'Copy the selected link (OSC 52: works over SSH)',
  },
  { scope: 'pool', action: 'chart-range', keys: ['t'], description: 'Chart: last 24 h / last 7 days' },
  {
    scope: 'mining',
    action: 'up',
    keys: ['up', 'k'],
    description: 'Move up (the fleet, workers, or the account list when open)',
  },
  {
    scope: 'mining',
    action: 'down',
    keys: ['down', 'j'],
    description: 'Move down (past the last row: next page)',
  },
  { scope: 'mining', action: 'page-down', keys: ['pagedown', 'n'], description: 'Next page of workers' },
  { scope: 'mining', action: 'page-up', keys: ['pageup', 'b'], description: 'Previous page of workers' },
  { scope: 'mining', action: 'first-row', keys: ['home', 'g'], description: 'First row of the page' },
  { scope: 'mining', action: 'last-row', keys: ['end', 'G'], description: 'Last row of the page' },
  {
    scope: 'mining',
    action: 'search',
    keys: ['/'],
    description: 'Search worker names (Enter keeps, Esc clears)',
  },
  {
    scope: 'mining',
    action: 'details',
    keys: ['enter'],
    description: "Worker's chart, uptime and incidents (Esc closes); opens or picks an account",
  },
  { scope: 'mining', action: 'choose-account', keys: ['a'], description: 'Choose the mining account' },
  {
    scope: 'mining',
    action: 'sort',
    keys: ['s'],
    description: 'Sort by the next column (the fleet; workers: uptime 24 h, 7 d, 30 d)',
  },
  {
    scope: 'mining',
    action: 'sort-reverse',
    keys: ['S'],
    description: 'Reverse the order (the fleet, the workers)',
  },
  { scope: 'mining', action: 'chart-interval', keys: ['t'], description: 'Chart: 5 min / 1 h / 24 h points' },
  { scope: 'mining', action: 'older-rewards', keys: [']'], description: 'Rewards: older page' },
  { scope: 'mining', action: 'newer-rewards', keys: ['['], description: 'Rewards: newer page' },
  {
    scope: 'mining',
    action: 'reward-months',
    keys: ['m'],
    description: 'Rewards: by day / by UTC month (sums, yield weighted by hash rate)',
  },
  { scope: 'mining', action: 'next-link', keys: ['l'], description: 'Select the next watcher link' },
  {
    scope: 'mining',
    action: 'copy-link',
    keys: ['y'],
    description: 'Copy the selected watcher link (OSC 52)',
  },
  {
    scope: 'accounts',
    action: 'up',
    keys: ['up', 'k'],
    description: 'Move up (past the first row: previous page)',
  },
  {
    scope: 'accounts',
    action: 'down',
    keys: ['down', 'j'],
    description: 'Move down (past the last row: next page)',
  },
  { scope: 'accounts', action: 'page-down', keys: ['pagedown', 'n'], description: 'Next page' },
  { scope: 'accounts', action: 'page-up', keys: ['pageup', 'b'], description: 'Previous page' },
  { scope: 'accounts', action: 'first-row', keys: ['home', 'g'], description: 'First row of the page' },
  { scope: 'accounts', action: 'last-row', keys: ['end', 'G'], description: 'Last row of the page' },
  { scope: 'accounts', action: 'page-size-up', keys: ['+'], description: 'More rows per page (up to 100)' },
  {
    scope: 'accounts',
    action: 'page-size-down',
    keys: ['-'],
    description: 'Fewer rows per page (down to 1)',
  },
  {
    scope: 'accounts',
    action: 'search',
    keys: ['/'],
    description: 'Search alias, email, id (Enter keeps, Esc clears)',
  },
  {
    scope: 'accounts',
    action: 'details',
    keys: ['enter'],
    description: 'Every field and the balances of the selected account (Esc closes)',
  },
  {
    scope: 'accounts',
    action: 'copy-id',
    keys: ['y'],
    description: 'Copy the selected id (OSC 52, works over SSH)',
  },
  {
    scope: 'accounts',
    action: 'zero-balances',
    keys: ['z'],
    description: 'Detail pane: show or hide zero balances',
  },
  {
    scope: 'accounts',
    action: 'pane-section',
    keys: ['v'],
    description: 'Detail pane: balances, API keys, recent transfers (the next)',
  },
  {
    scope: 'accounts',
    action: 'balances-down',
    keys: [']'],
    description: 'Detail pane: the next rows (balances, keys, transfers), when more than fit',
  },
  {
    scope: 'accounts',
    action: 'balances-up',
    keys: ['['],
    description: 'Detail pane: the rows before',
  },
  {
    scope: 'accounts',
    action: 'load-all',
    keys: ['L'],
    description: 'Load the whole list (again); Esc stops',
  },
  { scope: 'accounts', action: 'sort', keys: ['s'], description: 'Loaded list: sort by the next column' },
  { scope: 'accounts', action: 'sort-reverse', keys: ['S'], description: 'Loaded list: reverse the order' },
  {
    scope: 'accounts',
    action: 'filter',
    keys: ['f'],
    description: 'Loaded list: filter status, KYC, permissions',
  },
  { scope: 'accounts', action: 'toggle', keys: [' '], description: 'In the filter: choose or drop a value' },
  { scope: 'accounts', action: 'left', keys: ['left'], description: 'In the filter: the value to the left' },
  {
    scope: 'accounts',
    action: 'right',
    keys: ['right'],
    description: 'In the filter: the value to the right',
  },
  {
    scope: 'accounts',
    action: 'balances',
    keys: ['B'],
    description: 'Loaded list: a column of one currency (asks which); Esc stops',
  },
  {
    scope: 'accounts',
    action: 'pages',
    keys: ['x'],
    description: 'Drop the loaded list, back to pages',
  },
  { scope: 'session', action: 'refresh-token', keys: ['R'], description: 'Refresh the OAuth token now' },
  {
    scope: 'session',
    action: 'auto-refresh',
    keys: ['a'],
    description: 'Auto-refresh at 80% of the token lifetime on/off',
  },
] as const satisfies readonly Binding[];

/**
 * What a tab's marks mean, listed in the help under its keys (docs/usage.md says the same:
 * test/ui/accounts-oversight.test.tsx holds the two and the column's marks together).
 */
export const HELP_NOTES: Partial<Record<Scope, readonly string[]>> = {
  accounts: [
    'Keys column: how many API keys, then a mark for each kind of finding:',
    '! a key may withdraw or transfer; in the detail pane also a key enabled without an IP restriction',
    '~ a key idle for more than 90 days, or never used',
    '- a key disabled but kept',
    "? the account's keys could not be read",
  ],
};

export type KeymapEntry = (typeof KEYMAP)[number];
export type ActionOf<S extends Scope> = Extract<KeymapEntry, { scope: S }>['action'];
/** Handlers for a scope's actions; each receives the key name that fired it (e.g. '2'). */
export type Handlers<S extends Scope> = Partial<Record<ActionOf<S>, (key: string) => void>>;

const KEY_FLAGS: ReadonlyArray<[keyof Key, NamedKey]> = [
  ['escape', 'escape'],
  ['return', 'enter'],
  ['upArrow', 'up'],
  ['downArrow', 'down'],
  ['leftArrow', 'left'],
  ['rightArrow', 'right'],
  ['pageUp', 'pageup'],
  ['pageDown', 'pagedown'],
  ['home', 'home'],
  ['end', 'end'],
  ['backspace', 'backspace'],
  ['delete', 'delete'],
];

/** The binding name of one Ink keypress: 'q', '?', 'ctrl+c', 'shift+tab', 'up'… ('' if none). */
export function keyName(input: string, key: Key): string {
  if (key.tab) return key.shift ? 'shift+tab' : 'tab';
  for (const [flag, name] of KEY_FLAGS) if (key[flag]) return name;
  if (key.ctrl && input.length === 1) return `ctrl+${input.toLowerCase()}`;
  return [...input].length === 1 ? input : '';
}

export function bindingsFor(scope: Scope): readonly KeymapEntry[] {
  return KEYMAP.filter((b) => b.scope === scope);
}

export function findBinding(scope: Scope, name: string): KeymapEntry | undefined {
  if (name === '') return undefined;
  return KEYMAP.find((b) => b.scope === scope && (b.keys as readonly string[]).includes(name));
}

const LABELS: Record<string, string> = {
  tab: 'Tab',
  'shift+tab': 'Shift+Tab',
  escape: 'Esc',
  enter: 'Enter',
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  pageup: 'PgUp',
  pagedown: 'PgDn',
  home: 'Home',
  end: 'End',
  backspace: 'Backspace',
  delete: 'Del',
  ' ': 'Space',
};

/** How a key is written for people: 'ctrl+c' → 'Ctrl+C', 'shift+tab' → 'Shift+Tab'. */
export function keyLabel(name: string): string {
  const known = LABELS[name];
  if (known) return known;
  if (name.startsWith('ctrl+')) return `Ctrl+${name.slice(5).toUpperCase()}`;
  return name;
}

/** 'q / Ctrl+C'; a run of consecutive digits is written as one range, '1–4'. */
export function keysLabel(binding: Binding): string {
  const { keys } = binding;
  const digits = keys.every((k, i) => /^\d$/.test(k) && (i === 0 || Number(k) === Number(keys[i - 1]) + 1));
  if (digits && keys.length > 2) return `${keys[0]}–${keys[keys.length - 1]}`;
  return keys.map(keyLabel).join(' / ');
}
