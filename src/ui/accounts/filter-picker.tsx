import { Box, Text } from 'ink';
import { FILTER_GROUPS } from '../../accounts/fields.js';
import { formatCount } from '../../format/number.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { padEnd, truncate } from '../../format/width.js';
import { useTheme } from '../theme-context.js';
import { GROUP_LABELS, type PickerOption } from './list-text.js';

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
  const theme = useTheme();
  const labelWidth = 12;
  return (
    <Box flexDirection="column" height={PICKER_HEIGHT} width={width}>
      <Text color={theme.accent} bold wrap="truncate">
        {truncate(
          'Filter · ↑↓ choose · Space on/off · Enter or Esc closes · any of the values in a group',
          width,
        )}
      </Text>
      {FILTER_GROUPS.map((group) => (
        <Text key={group} wrap="truncate">
          <Text bold>{padEnd(GROUP_LABELS[group], labelWidth)}</Text>
          {options.map((o, i) =>
            o.group !== group ? null : (
              <Text key={`${o.group}:${o.value}`}>
                {i === index ? '›' : ' '}
                <Text inverse={i === index}>
                  {o.chosen ? '[x]' : '[ ]'} {sanitizeLine(o.value) || '(none)'}
                </Text>
                <Text color={theme.muted}> {formatCount(o.count)} </Text>
              </Text>
            ),
          )}
        </Text>
      ))}
    </Box>
  );
}
