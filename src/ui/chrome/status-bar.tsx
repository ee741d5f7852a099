import { Box, Text } from 'ink';
import { sanitizeLine } from '../../format/sanitize.js';
import { formatClock, formatDuration, timeAgo } from '../../format/time.js';
import { displayWidth, truncate } from '../../format/width.js';
import { isStale, type StatusReport } from '../status-report.js';
import { type Alert, showValue, statusWord } from '../alerts/alert-state.js';
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
  /** Active alerts, worst first (alerts/alert-state.ts). */
  alerts?: readonly Alert[];
}

const HINTS = '? help · q quit · 1-3/Tab tabs · p pause · r refresh';

function retryText(report: StatusReport, nowMs: number, intervalMs: number): string {
  if (report.retryAt === null) return 'no automatic retry: r retries';
  if (report.retryAt === undefined) return 'r retries';
  // The retry timer runs on the monotonic clock; the wall clock may have jumped back since it
  // was set (NTP, a VM resumed): never announce a wait longer than this error's retries take.
  const wait = Math.min(report.retryAt - nowMs, retryBoundMs(report.error, intervalMs));
  return wait > 0 ? `next retry ${formatClock(nowMs + wait)} (in ${formatDuration(wait)})` : 'retrying…';
}

const SEP = ' · ';

/**
 * As many whole fields as fit in `width`, joined with ` · `; the ones left out are counted
 * (`+2 more`) when that fits. A field is never cut in half.
 */
export function fitFields(fields: readonly string[], width: number): string {
  let out = '';
  for (let i = 0; i < fields.length; i++) {
    const next = out === '' ? (fields[i] ?? '') : `${out}${SEP}${fields[i]}`;
    const rest = fields.length - i - 1;
    const tail = rest > 0 ? `${SEP}+${rest} more` : '';
    if (displayWidth(next + tail) <= width) {
      out = next;
      continue;
    }
    const more = `+${fields.length - i} more`;
    const withMore = out === '' ? more : `${out}${SEP}${more}`;
    return displayWidth(withMore) <= width ? withMore : out;
  }
  return out;
}

/** `CRIT workers 2,112`: the word first, then what and how much. */
export const alertField = (a: Alert): string => `${statusWord(a.status)} ${a.label} ${showValue(a)}`;

/**
 * Two lines. First: where the data comes from (host, demo, profile), how often, paused, how fresh
 * ("updated 4s ago", STALE) and the clock. Second: a notice; else the active alerts (whole
 * fields, worst first, `! history`) and the current error with its next retry; else the key
 * hints.
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

  const alerts = props.alerts ?? [];
  const errorText = report?.error
    ? `error: ${sanitizeLine(report.error.message)} · ${retryText(report, nowMs, props.intervalMs)}`
    : '';
  // Alerts first, in whole fields; an error beside them keeps at least half the line.
  const alertRoom = errorText ? Math.floor(width / 2) - SEP.length : width;
  const alertText =
    !props.notice && alerts.length > 0 ? fitFields([...alerts.map(alertField), '! history'], alertRoom) : '';
  const alertColor = alerts[0]?.status === 'critical' ? theme.error : theme.warn;
  let second: { text: string; color: string | undefined };
  if (props.notice) second = { text: sanitizeLine(props.notice), color: theme.ok };
  else if (errorText) second = { text: errorText, color: theme.error };
  else second = { text: alertText ? '' : HINTS, color: theme.muted };
  const lead = alertText && second.text ? `${alertText}${SEP}` : alertText;

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
      <Text wrap="truncate">
        {lead ? (
          <Text bold color={alertColor}>
            {lead}
          </Text>
        ) : null}
        <Text color={second.color}>{truncate(second.text, Math.max(0, width - displayWidth(lead)))}</Text>
      </Text>
    </Box>
  );
}
