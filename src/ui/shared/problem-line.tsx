import { Text } from 'ink';
import { sanitizeLine } from '../../format/sanitize.js';
import { truncate } from '../../format/width.js';
import { useTheme } from '../theme-context.js';
import { type Advice, adviceLine } from './error-advice.js';
import { useTerminal, useGlyphs } from '../terminal-context.js';

/** One line for a refused request: the server's message and the likely fix, e.g. `Unauthorized request. — check the API secret`. */
export function ProblemLine({ advice, stale, width }: { advice: Advice; stale: boolean; width: number }) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  // The way out stays whole: the message is what gets cut.
  const retry = ' · r retries';
  const text = `${stale ? 'STALE · ' : ''}${sanitizeLine(adviceLine(advice), term)}`;
  const room = width - retry.length;
  return (
    <Text color={theme.error} wrap="truncate">
      {room >= 10
        ? `${truncate(text, room, ellipsis)}${retry}`
        : truncate(`${text}${retry}`, Math.max(1, width), ellipsis)}
    </Text>
  );
}
