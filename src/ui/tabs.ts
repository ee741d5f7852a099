/**
 * The dashboard's tabs, in order (keys 1, 2, 3 follow this order). Each tab is a content slot:
 * to ship a tab, put its view in `component` (as AccountsView and SessionView replaced the first
 * placeholders). The component gets `TabProps` (tab-props.ts), reads data through hooks, binds
 * keys with `useKeymap(scope, handlers, active)` (entries in keymap.ts under its `scope`, listed
 * by the help overlay while the tab is visible) and may report its data's freshness to the status
 * bar with `useReportStatus` (status-report.ts). Tabs stay mounted while hidden, so their state
 * survives switching; a hidden tab gets `hidden`, stops polling and is not redrawn on the clock
 * (tab-slot.tsx).
 */
import type { ComponentType } from 'react';
import type { Scope } from './keymap.js';
import { AccountsView } from './accounts/accounts-view.js';
import { PoolView } from './pool/pool-view.js';
import { SessionView } from './session/session-view.js';
import type { TabProps } from './tab-props.js';

export interface TabDef {
  id: 'pool' | 'accounts' | 'session';
  title: string;
  scope: Exclude<Scope, 'global' | 'alerts'>;
  component: ComponentType<TabProps>;
  /** Keeps the live clock while hidden (the Session's auto-refresh runs on it). */
  keepsClock?: boolean;
}

export const TABS: readonly TabDef[] = [
  { id: 'pool', title: 'Pool', scope: 'pool', component: PoolView },
  { id: 'accounts', title: 'Sub-accounts', scope: 'accounts', component: AccountsView },
  { id: 'session', title: 'Session', scope: 'session', component: SessionView, keepsClock: true },
];
