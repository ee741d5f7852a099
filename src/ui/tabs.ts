/**
 * The dashboard's tabs, in order (keys 1, 2, 3 follow this order). Each tab is a content slot:
 * to ship a tab, replace its `component` (e.g. AccountsPlaceholder → AccountsView); the
 * component gets `TabProps` (tab-props.ts) and reads data through hooks. Its key bindings go in
 * keymap.ts under its `scope`, and the help overlay lists them while the tab is visible.
 * Tabs stay mounted while hidden, so their polling and state survive switching.
 */
import type { ComponentType } from 'react';
import type { Scope } from './keymap.js';
import { AccountsPlaceholder } from './placeholders/accounts-placeholder.js';
import { PoolView } from './pool/pool-view.js';
import { SessionView } from './session/session-view.js';
import type { TabProps } from './tab-props.js';

export interface TabDef {
  id: 'pool' | 'accounts' | 'session';
  title: string;
  scope: Exclude<Scope, 'global'>;
  component: ComponentType<TabProps>;
}

export const TABS: readonly TabDef[] = [
  { id: 'pool', title: 'Pool', scope: 'pool', component: PoolView },
  { id: 'accounts', title: 'Sub-accounts', scope: 'accounts', component: AccountsPlaceholder },
  { id: 'session', title: 'Session', scope: 'session', component: SessionView },
];
