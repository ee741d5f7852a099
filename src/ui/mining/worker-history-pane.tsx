import { Box, Text } from 'ink';
import { memo } from 'react';
import { sanitizeLine } from '../../format/sanitize.js';
import { padEnd, truncate } from '../../format/width.js';
import { type Style, styled } from '../table/styled-text.js';
import { useGlyphs, useTerminal } from '../terminal-context.js';
import { useTheme } from '../theme-context.js';
import type { WorkerUptime } from './account-uptimes.js';
import type { WorkerHistory } from './use-history.js';
import { incidentCells, stripLegend, uptimeStrip, uptimeText } from './uptime-text.js';

export interface WorkerHistoryPaneProps {
  worker: string;
  /** Undefined while the first read runs. */
  history: WorkerHistory | undefined;
  uptime: WorkerUptime | undefined;
  error: Error | undefined;
  width: number;
  /** Lines it may take. */
  height: number;
  ascii: boolean;
}

const WENT = 23;
/** The strip's days at least, watched or not. */
const MIN_DAYS = 30;
const BACK = 11;
const LASTED = 9;

/**
 * The open worker's history, where the rewards stand while it is open: its uptime, a glyph per
 * day (as many days as fit, up to 90) with what the glyphs mean, then its incidents newest first:
 * when it went (between last known connected and first known missing), when it came back, for how
 * long and how it was known (filled: read from the pool's series, not watched live).
 */
function WorkerHistoryPaneView({
  worker,
  history,
  uptime,
  error,
  width,
  height,
  ascii,
}: WorkerHistoryPaneProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const name = sanitizeLine(worker, term) || '(no name)';
  const lines: { text: string; style?: Style }[] = [];
  const add = (text: string, style?: Style) => lines.push({ text, style });
  const count = history?.incidents.length;
  const figures = `24 h ${uptimeText(uptime?.d1)} · 7 d ${uptimeText(uptime?.d7)} · 30 d ${uptimeText(uptime?.d30)}`;
  add(`Uptime of ${name} · ${figures}`, { bold: true });
  if (!history) {
    if (error)
      add(`Could not read the history: ${sanitizeLine(error.message, term)}`, { color: theme.error });
    else add(`Reading the history${ellipsis}`);
  } else {
    // From the first day watched, but 30 at least, as many as fit.
    const first = history.days.findIndex((d) => d.uptime !== null);
    const watched = first < 0 ? 0 : history.days.length - first;
    const days = Math.max(1, Math.min(history.days.length, width - 8, Math.max(MIN_DAYS, watched)));
    const strip = uptimeStrip(history.days, days, ascii);
    add(`${`${days} d`.padStart(5)}  ${strip}`);
    add(`       ${stripLegend(ascii)} · oldest left, UTC days`, { color: theme.muted });
    const room = height - lines.length;
    if (count === 0) add(`No incidents in ${history.days.length} days.`);
    else if (room >= 2) {
      add(
        `${padEnd('Went down', WENT, ellipsis)}  ${padEnd('Back', BACK, ellipsis)}  ${padEnd('For', LASTED, ellipsis)}  Known from`,
        { color: theme.muted },
      );
      const fit = room - 1;
      const shown = history.incidents.slice(0, (count ?? 0) > fit ? fit - 1 : fit);
      for (const i of shown) {
        const [went, back, lasted, how] = incidentCells(i, ascii);
        const text = `${padEnd(went, WENT, ellipsis)}  ${padEnd(back, BACK, ellipsis)}  ${padEnd(lasted, LASTED, ellipsis)}  ${how}`;
        add(text, { color: i.ongoing ? theme.error : i.filled ? theme.muted : undefined });
      }
      const more = (count ?? 0) - shown.length;
      if (more > 0) add(`${ellipsis} and ${more} older (pooltop history incidents)`, { color: theme.muted });
    } else if (count !== undefined) add(`${count} incidents in ${history.days.length} days`);
  }
  // One Text for the pane: Ink lays out, measures and draws each Text on every frame.
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text>
        {lines
          .slice(0, Math.max(1, height))
          .map((l) => styled(truncate(l.text, width, ellipsis), l.style ?? {}))
          .join('\n')}
      </Text>
    </Box>
  );
}

export const WorkerHistoryPane = memo(WorkerHistoryPaneView);
