/**
 * Each tab's view, by the id of its row in the tab table (tabs.ts). A view gets `TabProps`
 * (tab-props.ts), reads its data through `useResource` (data/), binds keys with
 * `useKeymap(scope, handlers, active)` and may report its data's freshness to the status bar
 * (`useReportStatus`, status-report.ts). Tabs stay mounted while hidden (tab-slot.tsx).
 */
import type { ComponentType } from 'react';
import { AccountsView } from './accounts/accounts-view.js';
import { MiningView } from './mining/mining-view.js';
import { PoolView } from './pool/pool-view.js';
import { SessionView } from './session/session-view.js';
import type { TabProps } from './tab-props.js';
import type { TabId } from './tabs.js';

export const TAB_VIEWS: Readonly<Record<TabId, ComponentType<TabProps>>> = {
  pool: PoolView,
  mining: MiningView,
  accounts: AccountsView,
  session: SessionView,
};
