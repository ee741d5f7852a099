import { Text } from 'ink';
import type { Status } from '../../alerts/evaluate.js';
import { statusWord } from '../alerts/alert-state.js';
import { useTheme } from '../theme-context.js';

/** ` WARN` / ` CRIT` beside a value past its threshold: the word first, colour only repeats it. */
export function AlertTag({ status }: { status: Status | undefined }) {
  const theme = useTheme();
  const word = statusWord(status);
  if (!word) return null;
  return (
    <Text bold color={word === 'CRIT' ? theme.error : theme.warn}>
      {` ${word}`}
    </Text>
  );
}
