/**
 * How a tab tells the status bar about its data: fresh or stale, the last success, the current
 * error and when it is retried. A tab view calls `useReportStatus(report, active)`; the shell
 * shows the visible tab's report (nothing when that tab reports nothing).
 *
 * A report changes when the tab's data starts, stops or fails, not on every poll: a tab names the
 * `resource` its data comes from, and the status bar reads that resource's answer time as it
 * draws. The status bar reads it again as each answer lands, in the same render as the answer
 * itself (data/answer-signal.ts, chrome/live-bars.tsx), so its "updated …" comes with the data,
 * and a poll costs one render, not a second one for a report sent after the first.
 */
import { createContext, useContext, useLayoutEffect } from 'react';
import { fetchedAtReader, type Resource } from './data/use-resource.js';
import type { RetryAt } from './retry-schedule.js';

export interface StatusReport {
  /** What the tab shows, for messages: "pool overview". */
  what: string;
  hasData: boolean;
  /** Last successful response, ms. */
  fetchedAt: number | undefined;
  error: Error | undefined;
  /** From useRetryAt: when the failing request is tried again (undefined: unknown). */
  retryAt: RetryAt | undefined;
  /** The tab shows its own status line with the error: the status bar does not repeat it. */
  ownLine?: boolean;
  /** How often this data is asked for, ms, when not every interval (a list polled once a minute). */
  periodMs?: number;
}

/**
 * What a tab reports: what it shows and the resource its data comes from, whose state fills in
 * every field left out (`hasData`, `error`, `retryAt`, `periodMs`) and whose answer time is read
 * as the status bar draws. Data the data layer does not poll (the fleet's sum of many) gives the
 * fields itself.
 */
export interface TabReport extends Partial<Omit<StatusReport, 'what' | 'fetchedAt'>> {
  what: string;
  resource?: Resource<unknown, unknown>;
  /** Without a resource: the last success, ms. */
  fetchedAt?: number;
}

/** What reaches the shell: a report whose `fetchedAt` may be read when the status bar is drawn. */
export interface StatusSource extends Omit<StatusReport, 'fetchedAt'> {
  fetchedAt: number | undefined | (() => number | undefined);
}

/** The report as it stands now. */
export function readReport(source: StatusSource | undefined): StatusReport | undefined {
  if (source === undefined || typeof source.fetchedAt !== 'function')
    return source as StatusReport | undefined;
  return { ...source, fetchedAt: source.fetchedAt() };
}

export const StatusReportContext = createContext<(report: StatusSource | undefined) => void>(() => {});

/** Polls a success may be old before the data is no longer live. */
export const LIVE_INTERVALS = 2;

/**
 * When the visible tab was last shown, ms (the shell sets it on every tab switch). A hidden tab is
 * not polled, so data it kept is only judged from the moment it is shown again and asked anew:
 * old data then is not stale until its refresh has had its two polls' time.
 */
export const ShownAtContext = createContext<number>(Number.NEGATIVE_INFINITY);

/** How old data counts for being live: from its last success, or from when its tab was shown. */
export function judgedAge(fetchedAt: number, nowMs: number, shownAt = Number.NEGATIVE_INFINITY): number {
  return nowMs - Math.max(fetchedAt, shownAt);
}

/** Stale: the data on screen failed to refresh, or is older than two of its polls. */
export function isStale(report: StatusReport, nowMs: number, intervalMs: number, shownAt?: number): boolean {
  if (!report.hasData) return false;
  if (report.error) return true;
  return (
    report.fetchedAt !== undefined &&
    judgedAge(report.fetchedAt, nowMs, shownAt) > LIVE_INTERVALS * pollOf(report, intervalMs)
  );
}

function pollOf(report: StatusReport, intervalMs: number): number {
  return Math.max(intervalMs, report.periodMs ?? 0);
}

export type Liveness = 'LIVE' | 'STALE' | 'ERROR' | 'PAUSED' | 'LOADING';

/**
 * The header's word for the visible tab: LIVE only while its last poll succeeded within two
 * intervals (two of its own polls, for data asked less often; counted from `shownAt` for data
 * kept while its tab was hidden); ERROR when the last poll failed;
 * STALE when the last success is older (a request hanging, the clock jumped); PAUSED while
 * polling is paused. Undefined for a tab that polls nothing.
 */
export function liveness(
  report: StatusReport | undefined,
  paused: boolean,
  nowMs: number,
  intervalMs: number,
  shownAt?: number,
): Liveness | undefined {
  if (paused) return 'PAUSED';
  if (!report) return undefined;
  if (report.error) return 'ERROR';
  if (report.fetchedAt === undefined) return 'LOADING';
  // The clock ticks on whole seconds, so a poll that just landed can look a moment "in the future".
  return judgedAge(report.fetchedAt, nowMs, shownAt) <= LIVE_INTERVALS * pollOf(report, intervalMs)
    ? 'LIVE'
    : 'STALE';
}

/**
 * Sends the tab's state while it is the selected tab (`shown`), under the help or not; `undefined`
 * while what the tab shows is not polled at all (the header then has no word for it). Sent as
 * the tab's render is committed (a layout effect): a change reaches the status bar in that
 * same frame.
 */
export function useReportStatus(report: TabReport | undefined | false, shown: boolean): void {
  const send = useContext(StatusReportContext);
  const none = !report;
  const given = report || NOTHING;
  const { what, ownLine, resource } = given;
  const hasData = given.hasData ?? resource?.value !== undefined;
  const error = given.error ?? resource?.error;
  const retryAt = given.retryAt ?? resource?.retryAt;
  const periodMs = given.periodMs ?? resource?.periodMs;
  const fetchedAt = resource ? fetchedAtReader(resource) : given.fetchedAt;
  useLayoutEffect(() => {
    if (shown) send(none ? undefined : { what, hasData, fetchedAt, error, retryAt, ownLine, periodMs });
  }, [send, shown, none, what, hasData, fetchedAt, error, retryAt, ownLine, periodMs]);
}

const NOTHING: TabReport = { what: '', hasData: false };
