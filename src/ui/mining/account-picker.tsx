import { Box, Text } from 'ink';
import type { MiningAccount } from '../../api/mining-types.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { formatDateTime } from '../../format/time.js';
import { padEnd, truncate } from '../../format/width.js';
import { useTheme } from '../theme-context.js';
import { useTerminal, useGlyphs } from '../terminal-context.js';

export interface AccountPickerProps {
  accounts: readonly MiningAccount[];
  /** Highlighted row. */
  cursor: number;
  /** The account shown now, if one is chosen (Esc goes back to it). */
  current: string | undefined;
  width: number;
  height: number;
}

/** The key's mining accounts, newest first; ↑/↓ move, Enter picks, Esc keeps the current one. */
export function AccountPicker({ accounts, cursor, current, width, height }: AccountPickerProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const rows = Math.max(1, height - 2);
  const first = Math.min(Math.max(0, cursor - rows + 1), Math.max(0, accounts.length - rows));
  const nameWidth = Math.max(12, Math.min(40, width - 30));
  const hint =
    current === undefined ? '↑↓ move · Enter picks' : '↑↓ move · Enter picks · Esc keeps the current one';
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text wrap="truncate">
        <Text bold color={theme.accent}>
          Choose a mining account
        </Text>
        <Text color={theme.muted}>
          {'  '}
          {accounts.length} accounts · {hint}
        </Text>
      </Text>
      {accounts.slice(first, first + rows).map((account, i) => {
        const index = first + i;
        const on = index === cursor;
        const name = truncate(sanitizeLine(account.name, term) || '(no name)', nameWidth, ellipsis);
        const created =
          account.createdAt === null ? '' : `created ${formatDateTime(account.createdAt * 1000)}`;
        return (
          <Text key={`${index}:${account.name}`} wrap="truncate">
            <Text bold>{on ? '› ' : '  '}</Text>
            <Text inverse={on} bold={on}>
              {padEnd(name, nameWidth, ellipsis)}
            </Text>
            <Text color={theme.muted}>
              {'  '}
              {created}
              {account.name === current ? ' · shown now' : ''}
            </Text>
          </Text>
        );
      })}
    </Box>
  );
}
