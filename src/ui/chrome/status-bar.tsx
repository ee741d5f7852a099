import { Box, Text } from 'ink';
import { formatClock } from '../../format/time.js';
import { truncate } from '../../format/width.js';
import { useTheme } from '../theme-context.js';

export interface StatusBarProps {
  width: number;
  nowMs: number;
  /** Short-lived message ("copied …"), replaces the key hints while shown. */
  notice: string | undefined;
}

/** Bottom line: where the keys are (or a transient notice) and the clock. */
export function StatusBar({ width, nowMs, notice }: StatusBarProps) {
  const theme = useTheme();
  const clock = formatClock(nowMs);
  const left = notice ?? '? help · q quit · p pause · r refresh · t times · Tab next tab';
  return (
    <Box height={1} justifyContent="space-between">
      <Text color={notice ? theme.ok : theme.muted} wrap="truncate">
        {truncate(left, Math.max(0, width - clock.length - 1))}
      </Text>
      <Text color={theme.muted}>{clock}</Text>
    </Box>
  );
}
