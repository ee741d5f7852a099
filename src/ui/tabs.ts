/**
 * The tab table: the dashboard's tabs, in order. Everything that names tabs reads it: the tab
 * bar, the keys 1…N (keymap.ts), the status bar's hint and the help. Each tab's view is in
 * tab-views.ts, its key bindings in keymap.ts under its `scope`. Data only, so the keymap can
 * read it without importing the views.
 */
export const TABS = [
  { id: 'pool', title: 'Pool', scope: 'pool' },
  { id: 'mining', title: 'Mining', scope: 'mining' },
  { id: 'accounts', title: 'Sub-accounts', scope: 'accounts' },
  { id: 'session', title: 'Session', scope: 'session' },
] as const;

export type TabDef = (typeof TABS)[number];
export type TabId = TabDef['id'];
/** A tab's key-binding scope (keymap.ts). */
export type TabScope = TabDef['scope'];

/** The key that selects each tab, in order: '1', '2', … */
export const TAB_KEYS: readonly string[] = TABS.map((_, i) => String(i + 1));
