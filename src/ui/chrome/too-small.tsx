import { Box, Text } from 'ink';
import { useTheme } from '../theme-context.js';

export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;

/** Shown instead of the dashboard while the terminal is below 80×24. */
export function TooSmall({ columns, rows }: { columns: number; rows: number }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={columns}>
      <Text bold color={theme.warn} wrap="wrap">
        Terminal too small: {columns}×{rows}.
      </Text>
      <Text wrap="wrap">
        pooltop needs at least {MIN_COLUMNS}×{MIN_ROWS}. Enlarge the window, or press q to quit.
      </Text>
    </Box>
  );
}
