import { Box, Text } from 'ink';
import type { Liveness } from '../status-report.js';
import { useTheme } from '../theme-context.js';

export interface TabBarProps {
  titles: readonly string[];
  active: number;
  /** The visible tab's state in one word (status-report.ts); nothing for a tab that polls nothing. */
  state: Liveness | undefined;
}

/** Top line: the tabs (the active one in brackets, and inverse when colour is on) and the data's state. */
export function TabBar({ titles, active, state }: TabBarProps) {
  const theme = useTheme();
  const tone = {
    LIVE: theme.ok,
    LOADING: theme.muted,
    STALE: theme.warn,
    PAUSED: theme.warn,
    ERROR: theme.error,
  } as const;
  return (
    // Screen-reader mode says the tab and its state on its own (narration/use-narration.ts).
    <Box height={1} justifyContent="space-between" aria-hidden>
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
      {state ? (
        <Text bold={state !== 'LIVE'} color={tone[state]}>
          {state === 'LIVE' ? '● LIVE' : state === 'PAUSED' ? '‖ PAUSED' : state}
        </Text>
      ) : null}
    </Box>
  );
}
