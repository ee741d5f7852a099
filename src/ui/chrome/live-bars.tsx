/**
 * The tab bar and the status bar as the shell shows them: they read the clock and the answers
 * landing themselves, so a tick or an answer re-renders them (and what screen-reader mode says of
 * the state word), not the shell and its tabs.
 */
import { useSyncExternalStore } from 'react';
import { useClock } from '../clock.js';
import { useAnswerSignal } from '../data/data-layer.js';
import { type NarratedShell, useNarration } from '../narration/use-narration.js';
import { liveness, readReport, type StatusReport, type StatusSource } from '../status-report.js';
import { StatusBar, type StatusBarProps } from './status-bar.js';
import { TabBar, type TabBarProps } from './tab-bar.js';

/** The visible tab's report, its answer time read again as each answer lands. */
function useLiveReport(source: StatusSource | undefined): StatusReport | undefined {
  const answers = useAnswerSignal();
  useSyncExternalStore(answers.subscribe, answers.version);
  return readReport(source);
}

export interface LiveTabBarProps extends Omit<TabBarProps, 'state'> {
  source: StatusSource | undefined;
  paused: boolean;
  intervalMs: number;
  shownAt: number;
  narrated: Omit<NarratedShell, 'state'>;
}

export function LiveTabBar({ source, paused, intervalMs, shownAt, narrated, ...bar }: LiveTabBarProps) {
  const nowMs = useClock();
  const state = liveness(useLiveReport(source), paused, nowMs, intervalMs, shownAt);
  useNarration({ ...narrated, state });
  return <TabBar {...bar} state={state} />;
}

export interface LiveStatusBarProps extends Omit<StatusBarProps, 'nowMs' | 'report'> {
  source: StatusSource | undefined;
}

export function LiveStatusBar({ source, ...bar }: LiveStatusBarProps) {
  const nowMs = useClock();
  return <StatusBar {...bar} nowMs={nowMs} report={useLiveReport(source)} />;
}
