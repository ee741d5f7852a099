import { Box, Text } from 'ink';
import { sanitizeLine } from '../../format/sanitize.js';
import { timeAgo } from '../../format/time.js';
import { truncate } from '../../format/width.js';
import { useContext } from 'react';
import { useClock } from '../clock.js';
import { judgedAge, ShownAtContext } from '../status-report.js';
import { useTheme } from '../theme-context.js';
import { Spinner } from './spinner.js';
import { useTerminal, useGlyphs } from '../terminal-context.js';

export interface DataStatusProps {
  /** What is shown, for messages: "pool overview". */
  what: string;
  hasData: boolean;
  fetchedAt: number | undefined;
  error: Error | undefined;
  /** A request is in flight: a spinner beside data already shown. */
  loading: boolean;
  paused: boolean;
  intervalMs: number;
  width: number;
}

/** One line saying how fresh a tab's data is: updated when, stale, failing, paused. Text first, colour second. */
export function DataStatus(props: DataStatusProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const nowMs = useClock();
  const { error, fetchedAt, intervalMs } = props;
  // Data kept while its tab was hidden is judged from when the tab was shown (status-report.ts).
  const shownAt = useContext(ShownAtContext);
  const age = fetchedAt === undefined ? undefined : judgedAge(fetchedAt, nowMs, shownAt);
  const stale = props.hasData && (error !== undefined || (age !== undefined && age > 3 * intervalMs));
  const parts: string[] = [];
  if (stale) parts.push('STALE');
  if (fetchedAt !== undefined) parts.push(`updated ${timeAgo(fetchedAt, nowMs)}`);
  if (props.paused) parts.push('polling paused (p resumes)');
  if (error) parts.push(`error: ${sanitizeLine(error.message, term)} · r retries`);
  const color = error ? theme.error : stale ? theme.warn : theme.muted;
  const room = props.width - 2;
  return (
    <Box height={1}>
      {props.loading && props.hasData ? <Spinner /> : <Text> </Text>}
      <Text> </Text>
      <Text color={color} wrap="truncate">
        {truncate(parts.join(' · ') || `loading ${props.what}${ellipsis}`, room, ellipsis)}
      </Text>
    </Box>
  );
}
