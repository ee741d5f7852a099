import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import type { MiningInterval } from '../../api/mining-types.js';
import { accountNotFoundText, isAccountNotFound } from '../../api/account-not-found.js';
import { useNarrateNew } from '../narration/use-narrate-new.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { truncate } from '../../format/width.js';
import { adviceFor } from '../shared/error-advice.js';
import { ProblemLine } from '../shared/problem-line.js';
import { SearchBox } from '../shared/search-box.js';
import { DataStatus } from '../chrome/data-status.js';
import { useDashboard } from '../dashboard-context.js';
import { useKeymap } from '../hooks/use-keymap.js';
import { ConnectionLinks } from '../shared/connection-links.js';
import { useReportStatus } from '../status-report.js';
import { useTheme } from '../theme-context.js';
import { useUiState } from '../ui-state.js';
import { ChartPane, NEXT_INTERVAL } from './chart-pane.js';
import { REWARDS_HEAD_LINES } from './mining-layout.js';
import { payoutDestinationText, watcherLinkText, watcherLinkUrl } from './links-text.js';
import type { Poll } from './mining-data.js';
import { MiningHeadline } from './mining-headline.js';
import { RewardsPane } from './rewards-pane.js';
import { FIRST_REWARD_PAGE, newerRewards, olderRewards, type RewardStep } from './reward-paging.js';
import { useAccountPaneData } from './use-account-pane-data.js';
import { layoutWorkerColumns } from './worker-columns.js';
import { WorkersFooter, WorkersTable } from './workers-table.js';
import { workersEmptyText } from './use-workers.js';
import { uptimeText } from './uptime-text.js';
import { WorkerHistoryPane } from './worker-history-pane.js';
import { LISTED_ORDER, nextWorkerOrder, WORKER_SORT_LABEL, type WorkerOrder } from './worker-sort.js';
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

/**
 * One mining account: freshness, account line, headline, watcher links, chart, rewards and
 * workers. Its data comes from useAccountPaneData; here it is drawn, and keys dispatch.
 */
export function AccountPane(props: AccountPaneProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const { account, width, height, active, poll, interval } = props;
  const theme = useTheme();
  const ui = useUiState();
  const effects = useTerminalEffects();
  const { intervalMs, config, history: store } = useDashboard();
  const [link, setLink] = useState(0);
  const [page, setPage] = useState(FIRST_REWARD_PAGE);
  const [order, setOrder] = useState<WorkerOrder>(LISTED_ORDER);
  const data = useAccountPaneData({
    account,
    interval,
    poll,
    active,
    width,
    height,
    rewardsOffset: page.offset,
    order,
  });
  const { info, day, chart, payout, links, linkList, layout, workers, rewards, history, months } = data;
  const { worker, workerChart, workerHistory, uptimes } = data;
  useNarrateNew(
    data.gone,
    (g) => g.name,
    (g) => `Worker gone: ${g.name} (${account})`,
  );

  const selectedLink = Math.min(link, Math.max(0, linkList.length - 1));
  const rewardItems = rewards.value?.items;
  const reorder = (next: WorkerOrder) => {
    if (!store) return ui.notify('No history file: the workers are shown as the pool lists them.');
    setOrder(next);
    data.browser.dispatch({ type: 'reorder' });
    ui.notify(
      next.key === undefined
        ? 'Workers as the pool lists them.'
        : `Workers by ${WORKER_SORT_LABEL[next.key]}, ${next.desc ? 'best' : 'worst'} first.`,
    );
  };
  const step = (next: RewardStep) => ('notice' in next ? ui.notify(next.notice) : setPage(next.page));
  useKeymap(
    'mining',
    {
      'chart-interval': () => props.setInterval(NEXT_INTERVAL[interval]),
      'older-rewards': () => step(olderRewards(page, layout.rewardRows, { days: rewardItems, months })),
      'newer-rewards': () => step(newerRewards(page, layout.rewardRows)),
      'reward-months': () => setPage((p) => ({ ...p, byMonth: !p.byMonth })),
      'next-link': () => setLink((i) => (linkList.length === 0 ? 0 : (i + 1) % linkList.length)),
      'copy-link': () => {
        const url = watcherLinkUrl(linkList[selectedLink], term);
        if (!url) return ui.notify('No watcher link to copy.');
        ui.notify(effects.copy(url, 'Link'));
      },
      'choose-account': props.onChooseAccount,
      sort: () => reorder(nextWorkerOrder(order)),
      'sort-reverse': () =>
        order.key === undefined
          ? ui.notify('s sorts the workers by an uptime column first.')
          : reorder({ ...order, desc: !order.desc }),
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
      resource: info,
      error,
      retryAt: info.retryAt ?? day.retryAt,
    },
    !poll.hidden,
  );

  const advice = error ? adviceFor(error, config) : undefined;
  const linkTexts = useMemo(() => linkList.map((l) => watcherLinkText(l, term)), [linkList, term]);
  const columns = useMemo(() => layoutWorkerColumns(width, store !== undefined), [width, store]);
  const account30 = store ? ` · up 30 d ${uptimeText(uptimes.value?.account30)}` : '';
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
          loading={false}
          paused={ui.paused}
          intervalMs={intervalMs}
          width={width}
        />
      )}
      <Text wrap="truncate">
        Account <Text bold>{sanitizeLine(account, term) || '(no name)'}</Text>
        <Text color={theme.muted}>{others}</Text>
        {account30}
        {' · '}Payout{' '}
        {truncate(
          payoutDestinationText(payout.value, term),
          Math.max(10, width - 40 - account30.length),
          ellipsis,
        )}
      </Text>
      <MiningHeadline
        readings={data.readings}
        statuses={data.statuses}
        deltas={data.deltas}
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
        {worker !== undefined && store ? (
          <WorkerHistoryPane
            worker={worker}
            history={workerHistory.value}
            uptime={uptimes.value?.workers.get(worker)}
            error={workerHistory.error}
            width={layout.rewardsWidth}
            height={layout.sideBySide ? layout.chartHeight : layout.rewardRows + REWARDS_HEAD_LINES}
            ascii={props.ascii}
          />
        ) : (
          <RewardsPane
            items={rewardItems}
            offset={page.offset}
            limit={layout.rewardRows}
            error={refused ?? (page.byMonth ? history.error : rewards.error)}
            width={layout.rewardsWidth}
            history={history.value}
            months={months}
            byMonth={page.byMonth}
            monthOffset={page.monthOffset}
            ascii={props.ascii}
          />
        )}
      </Box>
      <WorkersTable
        account={account}
        names={workers.names}
        gone={workers.gone}
        layout={columns}
        browser={data.browser}
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
        uptimes={uptimes.value?.workers}
        order={order}
      />
      {state.searchOpen ? <SearchBox draft={state.draft} width={width} /> : null}
      <WorkersFooter
        browser={data.browser}
        viewRows={layout.workerRows}
        width={width}
        hint={state.hint}
        offset={state.offset}
        limit={state.limit}
        search={state.search}
        rows={workers.loaded ? workers.names.length + workers.gone.length : undefined}
        failed={workers.error !== undefined}
      />
    </Box>
  );
}
