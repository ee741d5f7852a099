import { Box, Text } from 'ink';
import { sanitizeLine } from '../../format/sanitize.js';
import { formatClock, formatDuration, timeAgo } from '../../format/time.js';
import { displayWidth, truncate } from '../../format/width.js';
import { type Alert, showValue, statusWord } from '../alerts/alert-state.js';
import { isStale, type StatusReport } from '../status-report.js';
import { retryBoundMs } from '../data/swr-options.js';
import { useTheme } from '../theme-context.js';
import { fitFields, fitLeadingFields } from './fit-fields.js';
import { useTerminal, useGlyphs } from '../terminal-context.js';
import { TAB_KEYS } from '../tabs.js';

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
  /** When the visible tab was shown (status-report.ts, ShownAtContext). */
  shownAt?: number;
}

/** In order of importance; the tab keys as many as the tab table has ('1-4/Tab tabs'). */
const HINTS = ['? help', 'q quit', `${TAB_KEYS[0]}-${TAB_KEYS.at(-1)}/Tab tabs`, 'p pause', 'r refresh'];

function retryText(report: StatusReport, nowMs: number, intervalMs: number, ellipsis: string): string {
  if (report.retryAt === null) return 'no automatic retry: r retries';
  if (report.retryAt === undefined) return 'r retries';
  // The retry timer runs on the monotonic clock; the wall clock may have jumped back since it
  // was set (NTP, a VM resumed): never announce a wait longer than this error's retries take.
  const wait = Math.min(report.retryAt - nowMs, retryBoundMs(report.error, intervalMs));
  return wait > 0
    ? `next retry ${formatClock(nowMs + wait)} (in ${formatDuration(wait)})`
    : `retrying${ellipsis}`;
}

const SEP = ' · ';
/** The start of an error's text kept beside its retry time (`error: connection to…`). */
const MIN_ERROR = 12;

/** `CRIT workers 2,112`: the word first, then what and how much. */
export const alertField = (a: Alert): string => `${statusWord(a.status)} ${a.label} ${showValue(a)}`;

/**
 * Two lines. First: where the data comes from (host, demo, profile), how often, paused, how fresh
 * ("updated 4s ago", STALE) and the clock. Second: a notice; else the active alerts (whole
 * fields, worst first, `! history`) and the current error with its next retry; else the key
 * hints.
 */
export function StatusBar(props: StatusBarProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const { report, nowMs, width } = props;
  const clock = formatClock(nowMs);
  const stale = report !== undefined && isStale(report, nowMs, props.intervalMs, props.shownAt);
  let freshness = '';
  if (report?.fetchedAt !== undefined) freshness = `updated ${timeAgo(report.fetchedAt, nowMs)}`;
  else if (report) freshness = report.error ? 'no data' : `loading${ellipsis}`;
  // Where, how often and how fresh; on a narrow terminal the least telling fields go first.
  const left = fitFields(
    [
      { text: props.demo ? `demo ${props.host}` : props.host, priority: 3 },
      { text: `profile ${props.profile}`, priority: 1 },
      { text: `every ${Math.round(props.intervalMs / 1000)}s`, priority: 2 },
      { text: props.paused ? 'PAUSED' : '', priority: 5 },
      { text: freshness, priority: 4 },
    ],
    Math.max(0, width - clock.length - (stale ? 9 : 1)),
    ellipsis,
  );

  const alerts = props.alerts ?? [];
  const error = report?.error && !report.ownLine ? report : undefined;
  // The retry time stays whatever else the line carries; the error's text and then the alerts
  // give way to it.
  const retry = error ? retryText(error, nowMs, props.intervalMs, ellipsis) : '';
  const errorText = error?.error ? `error: ${sanitizeLine(error.error.message, term)}` : '';
  const errorMin = Math.min(displayWidth(errorText), MIN_ERROR);
  // Alerts first, in whole fields (the worst kept longest); an error beside them keeps at least
  // half the line, and room for its retry and the start of its text.
  const alertRoom = error
    ? Math.min(Math.floor(width / 2), width - displayWidth(retry) - errorMin - SEP.length) - SEP.length
    : width;
  const alertText =
    !props.notice && alerts.length > 0
      ? fitLeadingFields([...alerts.map(alertField), '! history'], alertRoom)
      : '';
  const alertColor = alerts[0]?.status === 'critical' ? theme.error : theme.warn;
  const lead = alertText && (props.notice || error) ? `${alertText}${SEP}` : alertText;
  const room = Math.max(0, width - displayWidth(lead));
  let second: { text: string; color: string | undefined };
  if (props.notice)
    second = { text: truncate(sanitizeLine(props.notice, term), width, ellipsis), color: theme.ok };
  else if (error?.error) {
    // The error's text is cut before the retry time; too little room for any of it, the retry alone.
    const textRoom = room - displayWidth(retry) - SEP.length;
    const message =
      textRoom >= errorMin && textRoom > 0
        ? `${truncate(errorText, textRoom, ellipsis)}${SEP}${retry}`
        : truncate(retry, room, ellipsis);
    second = { text: message, color: theme.error };
  } else if (alertText) second = { text: '', color: theme.muted };
  else
    second = {
      text: fitFields(
        HINTS.map((text, i) => ({ text, priority: -i })),
        width,
        ellipsis,
      ),
      color: theme.muted,
    };

  return (
    // Screen-reader mode says what changes here on its own (narration/use-narration.ts).
    <Box flexDirection="column" width={width} aria-hidden>
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
        <Text color={second.color}>{second.text}</Text>
      </Text>
    </Box>
  );
}
