import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { evaluate, type Status } from '../../alerts/evaluate.js';
import { MINING_METRICS } from '../../alerts/metrics.js';
import { readMining } from '../../alerts/readings.js';
import type { MiningInterval } from '../../api/mining-types.js';
import { OFFSET_MAX } from '../../api/types.js';
import { accountNotFoundText, isAccountNotFound } from '../../api/account-not-found.js';
import { goneWorkers } from '../../config/seen-workers.js';
import { useNarrateNew } from '../narration/use-narrate-new.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { truncate } from '../../format/width.js';
import { PageFooter } from '../shared/page-footer.js';
import { visibleRange } from '../shared/footer-text.js';
import { useBrowserStore } from '../browser/use-browser.js';
import { adviceFor } from '../shared/error-advice.js';
import { ProblemLine } from '../shared/problem-line.js';
import { SearchBox } from '../shared/search-box.js';
import { DataStatus } from '../chrome/data-status.js';
import { useAlertSettings } from '../alerts/alerts-context.js';
import { useDashboard } from '../dashboard-context.js';
import { useKeymap } from '../hooks/use-keymap.js';
import { usePollDelta } from '../shared/use-poll-delta.js';
import { ConnectionLinks } from '../shared/connection-links.js';
import { useReportStatus } from '../status-report.js';
import { useTheme } from '../theme-context.js';
import { useUiState } from '../ui-state.js';
import { ChartPane, NEXT_INTERVAL } from './chart-pane.js';
import { payoutDestinationText, watcherLinkText, watcherLinkUrl } from './links-text.js';
import {
  NAMES_PAGE,
  type Poll,
  useAccountSeries,
  useMinerInfo,
  usePayout,
  useRewardHistory,
  useRewards,
  useSeenWorkers,
  useWatcherLinks,
  useWorkerChart,
} from './mining-data.js';
import { MiningHeadline } from './mining-headline.js';
import { bookRow, monthRows } from '../../rewards/books.js';
import { miningLayout } from './mining-layout.js';
import { RewardsPane } from './rewards-pane.js';
import { layoutWorkerColumns } from './worker-columns.js';
import { WorkersTable } from './workers-table.js';
import { countsKey, useRelistOnCounts } from './use-relist.js';
import { useWorkers, workersEmptyText } from './use-workers.js';
import { useTerminal, useGlyphs, useTerminalEffects } from '../terminal-context.js';

export interface AccountPaneProps {
  account: string;
  /** How many accounts the key has (the `a` hint), when known. */
  accountCount: number | undefined;
  /** Their names, when known: said when the account asked for is not one of them. */
  accountNames?: readonly string[];
  width: number;
  height: number;
  active: boolean;
  poll: Poll;
  interval: MiningInterval;
  setInterval: (interval: MiningInterval) => void;
  onChooseAccount: () => void;
  /** Esc with nothing open in the pane: back to the fleet table (only with more than one account). */
  onBack?: () => void;
  ascii: boolean;
}

// workers_gone needs the whole listing and pooltop's memory of it: not read on this pane.
const HEADLINE_METRICS = MINING_METRICS.filter((m) => m.key !== 'data_age' && m.key !== 'workers_gone');

/** One mining account: freshness, account line, headline, watcher links, chart, rewards and workers. */
export function AccountPane(props: AccountPaneProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const { account, width, height, active, poll, interval } = props;
  const theme = useTheme();
  const ui = useUiState();
  const effects = useTerminalEffects();
  const { intervalMs, config } = useDashboard();
  const { thresholds } = useAlertSettings();
  const info = useMinerInfo(account, poll);
  const day = useAccountSeries(account, '5m', poll);
  // At 5 minutes the chart is the headline's series: one hook asks for it, so it is asked once.
  const other = useAccountSeries(account, interval, poll, interval !== '5m');
  const chart = interval === '5m' ? day : other;
  const payout = usePayout(account, poll);
  const links = useWatcherLinks(account, poll);
  const [link, setLink] = useState(0);
  const [rewardsOffset, setRewardsOffset] = useState(0);
  const [byMonth, setByMonth] = useState(false);
  const [monthOffset, setMonthOffset] = useState(0);

  const linkList = links.value ?? [];
  const store = useBrowserStore({ limit: NAMES_PAGE });
  const layout = miningLayout(width, height, { links: linkList.length, searchOpen: store.state.searchOpen });
  const w = info.value?.workers;
  const counts = w ? `${(w.online ?? 0) + (w.low ?? 0)} ${w.offline}` : undefined;
  const seen = useSeenWorkers(account, poll);
  const seenValue = seen.value;
  const gone = useMemo(
    () => (seenValue ? goneWorkers(seenValue.state, seenValue.listedAt) : undefined),
    [seenValue],
  );
  useNarrateNew(
    gone,
    (g) => g.name,
    (g) => `Worker gone: ${g.name} (${account})`,
  );
  const workers = useWorkers({
    account,
    active,
    poll,
    viewRows: layout.workerRows,
    store,
    counts,
    gone,
    all: seen,
  });
  // A worker came or went: the memory is listed again, as the names are (use-workers.ts).
  useRelistOnCounts(countsKey(info.value), info.poll, seen, poll);
  const rewards = useRewards(account, rewardsOffset, layout.rewardRows, poll);
  const history = useRewardHistory(account, poll);
  const months = useMemo(() => history.value && monthRows(history.value.map(bookRow)), [history.value]);
  const worker = workers.state.detailOpen ? workers.selected : undefined;
  const workerChart = useWorkerChart(account, worker, interval, poll);

  const readings = useMemo(
    () => readMining(account, info.value, day.value),
    [account, info.value, day.value],
  );
  const statuses = useMemo(() => {
    const own = thresholds.mining;
    const out: Record<string, Status> = {};
    for (const m of HEADLINE_METRICS) out[m.key] = evaluate(m.read(readings, 0), own[m.key] ?? {});
    return out;
  }, [readings, thresholds]);
  const hashRate = usePollDelta(readings.hashRate, day.poll);
  const online = usePollDelta(readings.workersOnline, info.poll);
  const low = usePollDelta(readings.workersLow, info.poll);
  const offline = usePollDelta(readings.workersOffline, info.poll);
  const deltas = useMemo(() => ({ hashRate, online, low, offline }), [hashRate, online, low, offline]);

  const selectedLink = Math.min(link, Math.max(0, linkList.length - 1));
  const rewardItems = rewards.value?.items;
  useKeymap(
    'mining',
    {
      'chart-interval': () => props.setInterval(NEXT_INTERVAL[interval]),
      'older-rewards': () => {
        if (byMonth) {
          if (!months) return ui.notify('The months are still loading.');
          if (monthOffset + layout.rewardRows >= months.length) return ui.notify('No older months.');
          return setMonthOffset((o) => o + layout.rewardRows);
        }
        if (!rewardItems) return ui.notify('Rewards are still loading.');
        if (rewardItems.length < layout.rewardRows) return ui.notify('No older rewards.');
        setRewardsOffset((o) => Math.min(OFFSET_MAX, o + layout.rewardRows));
      },
      'newer-rewards': () => {
        const at = byMonth ? monthOffset : rewardsOffset;
        if (at === 0)
          return ui.notify(byMonth ? 'This is the newest month.' : 'These are the newest rewards.');
        (byMonth ? setMonthOffset : setRewardsOffset)((o) => Math.max(0, o - layout.rewardRows));
      },
      'reward-months': () => setByMonth((m) => !m),
      'next-link': () => setLink((i) => (linkList.length === 0 ? 0 : (i + 1) % linkList.length)),
      'copy-link': () => {
        const url = watcherLinkUrl(linkList[selectedLink], term);
        if (!url) return ui.notify('No watcher link to copy.');
        ui.notify(effects.copy(url, 'Link'));
      },
      'choose-account': props.onChooseAccount,
    },
    active && !workers.state.searchOpen,
  );
  // Esc closes the worker's chart or clears the search first (the browser's keys); then back.
  const { detailOpen, search } = workers.state;
  useKeymap(
    'global',
    { close: () => !detailOpen && search === '' && props.onBack?.() },
    active && !workers.state.searchOpen && props.onBack !== undefined,
  );

  // An account the key does not have: said in pooltop's words, with the ones it has.
  const refused = useMemo(() => {
    const err = info.error ?? day.error;
    if (!isAccountNotFound(err)) return undefined;
    const choose = (props.accountNames?.length ?? 0) > 1 ? ' · a chooses one' : '';
    return new Error(`${accountNotFoundText(account, props.accountNames)}${choose}`);
  }, [info.error, day.error, account, props.accountNames]);
  const error = refused ?? info.error ?? day.error ?? workers.error;
  useReportStatus(
    {
      what: 'mining account',
      hasData: info.value !== undefined,
      fetchedAt: info.readFetchedAt,
      error,
      retryAt: info.retryAt ?? day.retryAt,
    },
    !poll.hidden,
  );

  const advice = error ? adviceFor(error, config) : undefined;
  const linkTexts = useMemo(() => linkList.map((l) => watcherLinkText(l, term)), [linkList, term]);
  const columns = useMemo(() => layoutWorkerColumns(width), [width]);
  const others =
    props.accountCount !== undefined && props.accountCount > 1
      ? ` · a: another of ${props.accountCount}${props.onBack ? ' · Esc: fleet' : ''}`
      : '';
  const { state } = workers;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {advice?.kind === 'auth' ? (
        <ProblemLine advice={advice} stale={info.value !== undefined} width={width} />
      ) : (
        <DataStatus
          what={`mining account ${sanitizeLine(account, term)}`}
          hasData={info.value !== undefined}
          fetchedAt={info.fetchedAt}
          error={error}
          isValidating={false}
          paused={ui.paused}
          intervalMs={intervalMs}
          width={width}
        />
      )}
      <Text wrap="truncate">
        Account <Text bold>{sanitizeLine(account, term) || '(no name)'}</Text>
        <Text color={theme.muted}>{others}</Text>
        {' · '}Payout{' '}
        {truncate(payoutDestinationText(payout.value, term), Math.max(10, width - 40), ellipsis)}
      </Text>
      <MiningHeadline
        readings={readings}
        statuses={statuses}
        deltas={deltas}
        fee={info.value?.fee}
        width={width}
      />
      <ConnectionLinks
        links={linkTexts}
        selected={selectedLink}
        lines={layout.linkLines}
        width={width}
        label="Watchers "
        selectHint="l next"
        none={
          links.value ? 'no active watcher links' : links.error ? 'could not load the watcher links' : '…'
        }
      />
      <Box flexDirection={layout.sideBySide ? 'row' : 'column'} gap={layout.sideBySide ? 2 : 0}>
        <ChartPane
          points={worker === undefined ? chart.value?.hashrate : workerChart.value?.hashrate}
          worker={worker}
          interval={interval}
          error={refused ?? (worker === undefined ? chart.error : workerChart.error)}
          width={layout.chartWidth}
          height={layout.chartHeight}
        />
        <RewardsPane
          items={rewardItems}
          offset={rewardsOffset}
          limit={layout.rewardRows}
          error={refused ?? (byMonth ? history.error : rewards.error)}
          width={layout.rewardsWidth}
          history={history.value}
          months={months}
          byMonth={byMonth}
          monthOffset={monthOffset}
          ascii={props.ascii}
        />
      </Box>
      <WorkersTable
        account={account}
        names={workers.names}
        gone={workers.gone}
        layout={columns}
        cursor={state.cursor}
        top={state.top}
        rows={layout.workerRows}
        loading={!workers.loaded && !workers.error}
        empty={
          workers.error
            ? 'Could not load the workers; see the first line.'
            : workersEmptyText(state.search, state.offset, term)
        }
        poll={poll}
        ascii={props.ascii}
        mouse={workers.mouse}
      />
      {state.searchOpen ? <SearchBox draft={state.draft} width={width} /> : null}
      <PageFooter
        width={width}
        hint={state.hint}
        offset={state.offset}
        limit={state.limit}
        search={state.search}
        rows={workers.loaded ? workers.names.length + workers.gone.length : undefined}
        failed={workers.error !== undefined}
        visible={visibleRange(state.top, layout.workerRows, workers.names.length + workers.gone.length)}
      />
    </Box>
  );
}
