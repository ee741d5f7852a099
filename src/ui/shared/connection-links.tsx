import { Box, Text } from 'ink';
import { memo } from 'react';
import { sanitizeLine } from '../../format/sanitize.js';
import { truncate } from '../../format/width.js';
import { useTheme } from '../theme-context.js';
import { useTerminal, useGlyphs } from '../terminal-context.js';

export interface ConnectionLinksProps {
  links: readonly string[];
  selected: number;
  /** Lines available; a window around the selected link is shown. */
  lines: number;
  width: number;
  /** Before the first line (default "Links "); the others are indented as far. */
  label?: string;
  /** How to move between links (default "↑↓ select"). */
  selectHint?: string;
  /** Shown when there are none (default "none published"). */
  none?: string;
}

/** Links (the pool's stratum links, a mining account's watcher links), the selected one marked with › (and bold); y copies. */
function ConnectionLinksView({
  links,
  selected,
  lines,
  width,
  label: LABEL = 'Links ',
  selectHint = '↑↓ select',
  none = 'none published',
}: ConnectionLinksProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  if (links.length === 0) {
    return (
      <Text wrap="truncate">
        {LABEL}
        <Text color={theme.muted}>{none}</Text>
      </Text>
    );
  }
  const shown = Math.max(1, Math.min(lines, links.length));
  const first = Math.min(Math.max(0, selected - shown + 1), links.length - shown);
  const hint = `  ${links.length > 1 ? `${selected + 1}/${links.length} · ${selectHint} · ` : ''}y copy`;
  return (
    <Box flexDirection="column" width={width}>
      {links.slice(first, first + shown).map((raw, i) => {
        const index = first + i;
        const on = index === selected;
        const text = truncate(
          sanitizeLine(raw, term),
          Math.max(10, width - LABEL.length - 2 - (i === 0 ? hint.length : 0)),
          ellipsis,
        );
        return (
          <Text key={`${index}:${raw}`} wrap="truncate">
            <Text color={theme.muted}>{i === 0 ? LABEL : ' '.repeat(LABEL.length)}</Text>
            <Text color={theme.accent}>{on ? '› ' : '  '}</Text>
            <Text bold={on}>{text}</Text>
            {i === 0 ? <Text color={theme.muted}>{hint}</Text> : null}
          </Text>
        );
      })}
    </Box>
  );
}

/** Memoised: the 1 s clock re-renders the Pool tab, and this part depends only on its props. */
export const ConnectionLinks = memo(ConnectionLinksView);
