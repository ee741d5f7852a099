import { Box, Text } from 'ink';
import { useTheme } from '../theme-context.js';

export interface TabBarProps {
  titles: readonly string[];
  active: number;
  demo: boolean;
  paused: boolean;
  intervalSec: number;
}

/** Top line: the tabs (active one in brackets, and inverse when colour is on) and the polling state. */
export function TabBar({ titles, active, demo, paused, intervalSec }: TabBarProps) {
  const theme = useTheme();
  return (
    <Box height={1} justifyContent="space-between">
      <Box>
        <Text bold color={theme.accent}>
          pooltop{' '}
        </Text>
        {titles.map((title, i) => {
          const label = `${i + 1} ${title}`;
          return i === active ? (
            <Text key={title} bold inverse={theme.enabled}>
              [{label}]
            </Text>
          ) : (
            <Text key={title} color={theme.muted}>
              {` ${label} `}
            </Text>
          );
        })}
      </Box>
      <Box>
        {demo ? <Text color={theme.warn}>DEMO · </Text> : null}
        {paused ? (
          <Text bold color={theme.warn}>
            ‖ PAUSED
          </Text>
        ) : (
          <Text color={theme.ok}>● LIVE every {intervalSec}s</Text>
        )}
      </Box>
    </Box>
  );
}
