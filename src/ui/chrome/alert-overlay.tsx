import { Box, Text } from 'ink';
import { useState } from 'react';
import { formatClock, formatDateTime } from '../../format/time.js';
import { padEnd, truncate } from '../../format/width.js';
import { type AlertChange, STATUS_NAME } from '../alerts/alert-state.js';
import { useAlertSettings } from '../alerts/alerts-context.js';
import { LOG_DAYS, useAlertLog } from '../alerts/use-alert-log.js';
import { useClock } from '../clock.js';
import { useKeymap } from '../hooks/use-keymap.js';
import { bindingsFor, keyLabel } from '../keymap.js';
import type { Theme } from '../../format/color.js';
import { useTheme } from '../theme-context.js';
import { useGlyphs } from '../terminal-context.js';

export interface AlertOverlayProps {
  /** Oldest first, as kept; shown newest first. */
  history: readonly AlertChange[];
  /** When the dashboard started, ms. */
  sinceMs: number;
  width: number;
  height: number;
  /** Owns the keyboard (the overlay's scroll keys). */
  active: boolean;
}

/** Border 2, title 1, header 1, footer 2. */
const CHROME_LINES = 6;
const DAY_MS = 86_400_000;

const colorOf = (theme: Theme, status: AlertChange['to']) =>
  status === 'critical'
    ? theme.error
    : status === 'warning'
      ? theme.warn
      : status === 'ok'
        ? theme.ok
        : theme.muted;

/** `↓ ↑ PgDn PgUp Home End scroll`: each scroll action's first key, from the keymap table. */
const KEYS_LINE = `${bindingsFor('alerts')
  .map((b) => keyLabel(b.keys[0] ?? ''))
  .join(' ')} scroll · ! or Esc closes · ? all keys`;

/**
 * `!`: every change of an alert's state since the dashboard started — time, metric, from → to,
 * the value then — and, with history on, those the history file kept before (use-alert-log.ts),
 * newest first, scrollable; Esc or `!` closes it (shell.tsx).
 */
export function AlertOverlay({ history: live, sinceMs, width, height, active }: AlertOverlayProps) {
  const { history, fromFile } = useAlertLog(live, true);
  const nowMs = useClock();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const { thresholds, preferencesPath } = useAlertSettings();
  const rows = Math.max(1, height - CHROME_LINES);
  const [top, setTop] = useState(0);
  const last = Math.max(0, history.length - rows);
  const first = Math.min(top, last);
  const scroll = (to: number) => setTop(Math.max(0, Math.min(last, to)));
  useKeymap(
    'alerts',
    {
      down: () => scroll(first + 1),
      up: () => scroll(first - 1),
      'page-down': () => scroll(first + rows),
      'page-up': () => scroll(first - rows),
      newest: () => scroll(0),
      oldest: () => scroll(last),
    },
    active,
  );

  const inner = Math.max(10, width - 4);
  const shown = history
    .slice()
    .reverse()
    .slice(first, first + rows);
  const when = (ms: number) => (nowMs - ms < DAY_MS ? formatClock(ms) : formatDateTime(ms));
  const timeWidth = Math.max(8, ...shown.map((c) => when(c.atMs).length));
  const labelWidth = Math.min(32, Math.max(6, ...shown.map((c) => c.label.length)));
  const stateWidth = 18; // WARNING → CRITICAL
  const configured = Object.keys(thresholds.pool).length + Object.keys(thresholds.mining).length > 0;
  const range = history.length > rows ? ` · ${first + 1}–${first + shown.length} of ${history.length}` : '';
  const empty = configured
    ? 'No alert has changed state yet.'
    : `No thresholds set: add [thresholds.pool] or [thresholds.mining] to ${preferencesPath ?? 'the preferences file'} (see the README).`;

  return (
    <Box flexDirection="column" width={width} borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text bold wrap="truncate">
        {truncate(
          `${fromFile ? `Alert history, ${LOG_DAYS} days (history file)` : `Alert history since ${formatClock(sinceMs)}`}, newest first${range}`,
          inner,
          ellipsis,
        )}
      </Text>
      <Text color={theme.muted} wrap="truncate">
        {truncate(
          `${padEnd('Time', timeWidth, ellipsis)}  ${padEnd('Metric', labelWidth, ellipsis)}  ${padEnd('State', stateWidth, ellipsis)}  Value`,
          inner,
          ellipsis,
        )}
      </Text>
      <Box flexDirection="column" height={rows}>
        {shown.length === 0 ? (
          <Text wrap="wrap">{empty}</Text>
        ) : (
          shown.map((c) => (
            <Text key={c.seq} wrap="truncate">
              {padEnd(when(c.atMs), timeWidth, ellipsis)}
              {'  '}
              {padEnd(truncate(c.label, labelWidth, ellipsis), labelWidth, ellipsis)}
              {'  '}
              <Text color={colorOf(theme, c.to)} bold={c.to === 'critical'}>
                {padEnd(`${STATUS_NAME[c.from]} → ${STATUS_NAME[c.to]}`, stateWidth, ellipsis)}
              </Text>
              {'  '}
              {truncate(c.value, Math.max(4, inner - timeWidth - labelWidth - stateWidth - 6), ellipsis)}
            </Text>
          ))
        )}
      </Box>
      <Box marginTop={1}>
        <Text color={theme.muted} wrap="truncate">
          {truncate(KEYS_LINE, inner, ellipsis)}
        </Text>
      </Box>
    </Box>
  );
}
