import { Box, Text } from 'ink';
import { useTheme } from '../theme-context.js';

export interface TabBarProps {
  titles: readonly string[];
  active: number;
  paused: boolean;
}

/** Top line: the tabs (the active one in brackets, and inverse when colour is on) and live/paused. */
export function TabBar({ titles, active, paused }: TabBarProps) {
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
      {paused ? (
        <Text bold color={theme.warn}>
          ‖ PAUSED
        </Text>
      ) : (
        <Text color={theme.ok}>● LIVE</Text>
      )}
    </Box>
  );
}
