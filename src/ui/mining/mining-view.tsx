import { Box, Text } from 'ink';
import { useMemo, useRef, useState } from 'react';
import type { MiningInterval } from '../../api/mining-types.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { truncate } from '../../format/width.js';
import { CredentialsPanel } from '../shared/credentials-panel.js';
import { adviceFor } from '../shared/error-advice.js';
import { Spinner } from '../chrome/spinner.js';
import { useDashboard } from '../dashboard-context.js';
import { useKeymap } from '../hooks/use-keymap.js';
import { useReportStatus } from '../status-report.js';
import type { TabProps } from '../tab-props.js';
import { useTheme } from '../theme-context.js';
import { useUiState } from '../ui-state.js';
import { AccountPane } from './account-pane.js';
import { AccountPicker } from './account-picker.js';
import { FleetTable } from './fleet-table.js';
import { useMiningAccounts } from './mining-data.js';
import { useTerminal, useGlyphs } from '../terminal-context.js';

const MINING_WHY =
  'Every Mining Pool read is a signed request: pooltop needs an API key allowed to use the Mining Pool endpoints, and its secret.';

/** Tab 2: your own mining — one account's hash rate, workers, rewards and watcher links. */
export function MiningView({ width, height, visibility }: TabProps) {
  const active = visibility === 'active';
  const hidden = visibility === 'hidden';
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const ui = useUiState();
  const { config } = useDashboard();
  const hasKeys = Boolean(config.apiKey && config.apiSecret);
  // Nothing is asked for before the tab is first shown.
  const seen = useRef(false);
  if (!hidden) seen.current = true;
  const poll = useMemo(() => ({ hidden, paused: ui.paused }), [hidden, ui.paused]);
  const accounts = useMiningAccounts(hasKeys && seen.current, poll);
  const list = accounts.value?.items ?? [];
  const accountNames = useMemo(() => accounts.value?.items.map((a) => a.name), [accounts.value]);

  // --account / WHITEBIT_MINING_ACCOUNT / mining_account preselect (the demo's own default does
  // not: a new user sees the fleet); a choice lasts the session.
  const preset = config.sources.miningAccount === 'demo' ? undefined : config.miningAccount;
  const [chosen, setChosen] = useState<string | undefined>(preset || undefined);
  const account = chosen ?? (list.length === 1 ? list[0]?.name : undefined);
  // More than one account: the fleet table first; Enter opens one, Esc comes back.
  const fleet = list.length > 1;
  const [fleetCursor, setFleetCursor] = useState<string | undefined>(undefined);
  const [picking, setPicking] = useState(false);
  const [cursor, setCursor] = useState(0);
  const [interval, setChartInterval] = useState<MiningInterval>('5m');
  const pickerOpen = list.length > 0 && picking;
  const fleetOpen = fleet && account === undefined && !pickerOpen;

  const pickerKeys = active && pickerOpen;
  useKeymap(
    'mining',
    {
      up: () => setCursor((c) => Math.max(0, Math.min(c, list.length - 1) - 1)),
      down: () => setCursor((c) => Math.min(list.length - 1, c + 1)),
      details: () => {
        const picked = list[Math.min(cursor, list.length - 1)];
        if (!picked) return;
        setChosen(picked.name);
        setPicking(false);
      },
    },
    pickerKeys,
  );
  useKeymap('global', { close: () => setPicking(false) }, pickerKeys);
  const openAccount = (name: string) => {
    setFleetCursor(name);
    setChosen(name);
  };
  const backToFleet = fleet
    ? () => {
        if (account !== undefined) setFleetCursor(account);
        setChosen(undefined);
      }
    : undefined;
  const chooseAccount = () => {
    if (list.length <= 1) {
      ui.notify(
        list.length === 1 ? 'This key has one mining account.' : 'No mining accounts to choose from.',
      );
      return;
    }
    setCursor(
      Math.max(
        0,
        list.findIndex((a) => a.name === account),
      ),
    );
    setPicking(true);
  };

  const advice = accounts.error ? adviceFor(accounts.error, config) : undefined;
  useReportStatus(
    { what: 'mining accounts', resource: accounts },
    !hidden && hasKeys && account === undefined && !fleetOpen,
  );
  if (!hasKeys || advice?.kind === 'credentials') {
    return (
      <CredentialsPanel
        width={width}
        height={height}
        message={advice?.message}
        what="Mining accounts"
        why={MINING_WHY}
      />
    );
  }

  let body = null;
  if (!seen.current) return null;
  if (fleetOpen) {
    body = (
      <FleetTable
        accounts={list}
        width={width}
        height={height}
        active={active}
        poll={poll}
        onOpen={openAccount}
        initialAccount={fleetCursor}
      />
    );
  } else if (pickerOpen) {
    body = <AccountPicker accounts={list} cursor={cursor} current={account} width={width} height={height} />;
  } else if (account === undefined) {
    body = (
      <Text wrap="truncate" color={accounts.error ? theme.error : undefined}>
        {accounts.error ? (
          truncate(
            `Could not list your mining accounts: ${sanitizeLine(accounts.error.message, term)} · r retries`,
            width,
            ellipsis,
          )
        ) : accounts.value ? (
          'This API key has no mining accounts (mining accounts are created on whitebit.com).'
        ) : (
          <>
            <Spinner /> Loading your mining accounts…
          </>
        )}
      </Text>
    );
  }
  return (
    <Box flexDirection="column" width={width} height={height}>
      {body}
      {account === undefined ? null : (
        <Box display={pickerOpen ? 'none' : 'flex'}>
          <AccountPane
            key={account}
            account={account}
            accountCount={accounts.value ? list.length : undefined}
            accountNames={accountNames}
            width={width}
            height={height}
            active={active && !pickerOpen}
            poll={poll}
            interval={interval}
            setInterval={setChartInterval}
            onChooseAccount={chooseAccount}
            onBack={backToFleet}
            ascii={!term.unicode}
          />
        </Box>
      )}
    </Box>
  );
}
