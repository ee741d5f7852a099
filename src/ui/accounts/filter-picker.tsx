import { Box, Text } from 'ink';
import { FILTER_GROUPS } from '../../accounts/fields.js';
import { padEnd, truncate } from '../../format/width.js';
import { useTheme } from '../theme-context.js';
import { GROUP_LABELS, PICKER_LABEL_WIDTH, type PickerOption, pickerCell } from './list-text.js';
import { useGlyphs, useTerminal } from '../terminal-context.js';

/** A help line and one line per group. */
export const PICKER_HEIGHT = 1 + FILTER_GROUPS.length;

export interface FilterPickerProps {
  options: readonly PickerOption[];
  /** The selected option's index. */
  index: number;
  width: number;
}

/**
 * The filter picker under the table: each group on a line, its values with `[x]` when chosen and
 * how many loaded rows hold them; the selected value is marked `›` and shown inverse.
 */
export function FilterPicker({ options, index, width }: FilterPickerProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  return (
    <Box flexDirection="column" height={PICKER_HEIGHT} width={width}>
      <Text color={theme.accent} bold wrap="truncate">
        {truncate(
          'Filter · ←→ value · ↑↓ group · Space on/off · Enter or Esc closes · any of the values in a group',
          width,
          ellipsis,
        )}
      </Text>
      {FILTER_GROUPS.map((group) => (
        <Text key={group} wrap="truncate">
          <Text bold>{padEnd(GROUP_LABELS[group], PICKER_LABEL_WIDTH, ellipsis)}</Text>
          {options.map((o, i) =>
            o.group !== group ? null : (
              <Text key={`${o.group}:${o.value}`}>
                {i === index ? '›' : ' '}
                <Text inverse={i === index}>{pickerCell(o, term).box}</Text>
                <Text color={theme.muted}>{pickerCell(o, term).count}</Text>
              </Text>
            ),
          )}
        </Text>
      ))}
    </Box>
  );
}
