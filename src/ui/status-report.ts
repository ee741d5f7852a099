/**
 * How a tab tells the status bar about its data: fresh or stale, the last success, the current
 * error and when it is retried. A tab view calls `useReportStatus(report, active)`; the shell
 * shows the visible tab's report (nothing when that tab reports nothing).
 */
import { createContext, useContext, useEffect } from 'react';
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
}

export const StatusReportContext = createContext<(report: StatusReport | undefined) => void>(() => {});

/** Stale: the data on screen failed to refresh, or is older than three poll intervals. */
export function isStale(report: StatusReport, nowMs: number, intervalMs: number): boolean {
  if (!report.hasData) return false;
  if (report.error) return true;
  return report.fetchedAt !== undefined && nowMs - report.fetchedAt > 3 * intervalMs;
}

export function useReportStatus(report: StatusReport, active: boolean): void {
  const send = useContext(StatusReportContext);
  const { what, hasData, fetchedAt, error, retryAt } = report;
  useEffect(() => {
    if (active) send({ what, hasData, fetchedAt, error, retryAt });
  }, [send, active, what, hasData, fetchedAt, error, retryAt]);
}
