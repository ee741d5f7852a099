import { Box, Text } from 'ink';
import { phrase, wrapWords } from '../../format/wrap.js';
import { useTheme } from '../theme-context.js';

export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;

/** Shown instead of the dashboard while the terminal is below 80×24; wrapped between words and phrases. */
export function TooSmall({ columns, rows }: { columns: number; rows: number }) {
  const theme = useTheme();
  const width = Math.max(1, columns);
  const title = wrapWords(`Terminal too small: ${phrase(`${columns}×${rows}.`)}`, width);
  const body = wrapWords(
    `pooltop needs at least ${phrase(`${MIN_COLUMNS}×${MIN_ROWS}.`)} ${phrase('Enlarge the window,')} ${phrase('or press q to quit.')}`,
    width,
  );
  return (
    <Box flexDirection="column" width={columns}>
      {title.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <Text key={`t${i}`} bold color={theme.warn} wrap="truncate">
          {line}
        </Text>
      ))}
      {body.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <Text key={`b${i}`} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}
