import { Text } from 'ink';
import { displayWidth, lastColumns, truncate } from '../../format/width.js';
import { asciiData } from '../../format/ascii.js';
import { useGlyphs, useTerminal } from '../terminal-context.js';
import { useTheme } from '../theme-context.js';

/** The open search input: what is typed so far, a block cursor, and what Enter and Esc do. */
export function SearchBox({ draft, width }: { draft: string; width: number }) {
  const theme = useTheme();
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const help = '  Enter keeps · Esc clears';
  const room = Math.max(1, width - 'Search: '.length - 1 - help.length);
  // The term is sent as typed; an ASCII terminal is shown `?` for what it cannot draw.
  const text = term.unicode ? draft : asciiData(draft);
  // Keep the end of a long term in view: that is where the typing happens.
  const shown =
    displayWidth(text) > room ? `${ellipsis}${lastColumns(text, room - displayWidth(ellipsis))}` : text;
  return (
    <Text wrap="truncate">
      <Text bold color={theme.accent}>
        Search:{' '}
      </Text>
      {shown}
      <Text inverse> </Text>
      <Text color={theme.muted}>{truncate(help, Math.max(0, width - 10), ellipsis)}</Text>
    </Text>
  );
}
