import { Text } from 'ink';
import { displayWidth, lastColumns, truncate } from '../../format/width.js';
import { asciiData } from '../../format/ascii.js';
import { useGlyphs, useTerminal } from '../terminal-context.js';
import { useTheme } from '../theme-context.js';

export interface SearchBoxProps {
  draft: string;
  width: number;
  /** What is asked for (default `Search:`). */
  label?: string;
  /** What Enter and Esc do. */
  help?: string;
}

/** The open search input (or another one-line prompt): what is typed so far, a block cursor, the keys. */
export function SearchBox({
  draft,
  width,
  label = 'Search:',
  help = '  Enter keeps · Esc clears',
}: SearchBoxProps) {
  const theme = useTheme();
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const room = Math.max(1, width - displayWidth(label) - 2 - help.length);
  // The term is sent as typed; an ASCII terminal is shown `?` for what it cannot draw.
  const text = term.unicode ? draft : asciiData(draft);
  // Keep the end of a long term in view: that is where the typing happens.
  const shown =
    displayWidth(text) > room ? `${ellipsis}${lastColumns(text, room - displayWidth(ellipsis))}` : text;
  return (
    <Text wrap="truncate">
      <Text bold color={theme.accent}>
        {label}{' '}
      </Text>
      {shown}
      <Text inverse> </Text>
      <Text color={theme.muted}>{truncate(help, Math.max(0, width - 10), ellipsis)}</Text>
    </Text>
  );
}
