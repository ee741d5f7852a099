import { Box, Text } from 'ink';
import { sanitizeLine } from '../../format/sanitize.js';
import { formatClock, formatDuration, timeAgo } from '../../format/time.js';
import { truncate } from '../../format/width.js';
import { isStale, type StatusReport } from '../status-report.js';
import { retryBoundMs } from '../swr-options.js';
import { useTheme } from '../theme-context.js';

export interface StatusBarProps {
  width: number;
  nowMs: number;
  /** API host, e.g. `whitebit.com`. */
  host: string;
  demo: boolean;
  profile: string;
  intervalMs: number;
  paused: boolean;
  /** The visible tab's data (undefined when it reports none). */
  report: StatusReport | undefined;
  /** Short-lived message ("copied …"); shown on the second line for a few seconds. */
  notice: string | undefined;
}

const HINTS = '? help · q quit · 1-4/Tab tabs · p pause · r refresh';

function retryText(report: StatusReport, nowMs: number, intervalMs: number): string {
  if (report.retryAt === null) return 'no automatic retry: r retries';
  if (report.retryAt === undefined) return 'r retries';
  // The retry timer runs on the monotonic clock; the wall clock may have jumped back since it
  // was set (NTP, a VM resumed): never announce a wait longer than this error's retries take.
  const wait = Math.min(report.retryAt - nowMs, retryBoundMs(report.error, intervalMs));
  return wait > 0 ? `next retry ${formatClock(nowMs + wait)} (in ${formatDuration(wait)})` : 'retrying…';
}

/**
 * Two lines. First: where the data comes from (host, demo, profile), how often, paused, how fresh
 * ("updated 4s ago", STALE) and the clock. Second: the current error with its next retry, a
 * notice, or the key hints.
 */
export function StatusBar(props: StatusBarProps) {
  const theme = useTheme();
  const { report, nowMs, width } = props;
  const clock = formatClock(nowMs);
  const stale = report !== undefined && isStale(report, nowMs, props.intervalMs);
  const parts = [
    props.demo ? `demo ${props.host}` : props.host,
    `profile ${props.profile}`,
    `every ${Math.round(props.intervalMs / 1000)}s`,
  ];
  if (props.paused) parts.push('PAUSED');
  if (report?.fetchedAt !== undefined) parts.push(`updated ${timeAgo(report.fetchedAt, nowMs)}`);
  else if (report) parts.push(report.error ? 'no data' : 'loading…');
  const left = truncate(parts.join(' · '), Math.max(0, width - clock.length - (stale ? 9 : 1)));

  let second: { text: string; color: string | undefined };
  if (props.notice) second = { text: sanitizeLine(props.notice), color: theme.ok };
  else if (report?.error) {
    const message = `error: ${sanitizeLine(report.error.message)} · ${retryText(report, nowMs, props.intervalMs)}`;
    second = { text: message, color: theme.error };
  } else second = { text: HINTS, color: theme.muted };

  return (
    <Box flexDirection="column" width={width}>
      <Box height={1} justifyContent="space-between">
        <Text wrap="truncate">
          <Text color={theme.muted}>{left}</Text>
          {stale ? (
            <Text bold color={theme.warn}>
              {' · STALE'}
            </Text>
          ) : null}
        </Text>
        <Text color={theme.muted}>{clock}</Text>
      </Box>
      <Text color={second.color} wrap="truncate">
        {truncate(second.text, width)}
      </Text>
    </Box>
  );
}
