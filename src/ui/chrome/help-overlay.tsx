import { Box, Text } from 'ink';
import { truncate } from '../../format/width.js';
import { bindingsFor, type KeymapEntry, keysLabel, type Scope } from '../keymap.js';
import { useTheme } from '../theme-context.js';

export interface HelpOverlayProps {
  /** Scope of the visible tab or of the alert history; its keys are listed beside or after the global ones. */
  scope: Scope;
  tabTitle: string;
  width: number;
  height: number;
}

interface SectionProps {
  title: string;
  entries: readonly KeymapEntry[];
  keyWidth: number;
  width: number;
}

function Section({ title, entries, keyWidth, width }: SectionProps) {
  const theme = useTheme();
  const room = Math.max(8, width - keyWidth - 3);
  return (
    <Box flexDirection="column" width={width}>
      <Text bold color={theme.accent}>
        {title}
      </Text>
      {entries.length === 0 ? <Text color={theme.muted}> No keys of its own yet.</Text> : null}
      {entries.map((b) => (
        <Text key={b.action} wrap="truncate">
          {'  '}
          <Text bold>{keysLabel(b).padEnd(keyWidth)}</Text> {truncate(b.description, room)}
        </Text>
      ))}
    </Box>
  );
}

/**
 * Every key of the keymap for the global scope and the visible tab, read from the keymap table.
 * One column when it fits the height; otherwise the two sections side by side.
 */
export function HelpOverlay({ scope, tabTitle, width, height }: HelpOverlayProps) {
  const theme = useTheme();
  const global = bindingsFor('global');
  const local = scope === 'global' ? [] : bindingsFor(scope);
  const keyWidth = Math.max(...[...global, ...local].map((b) => keysLabel(b).length)) + 1;
  const sections = [
    { title: 'Everywhere', entries: global },
    ...(scope === 'global'
      ? []
      : [{ title: scope === 'alerts' ? 'Alert history' : `${tabTitle} tab`, entries: local }]),
  ];
  const sectionLines = sections.map((s) => 1 + Math.max(1, s.entries.length));
  // Border 2, the title line 1, and a blank line before each section when stacked.
  const stacked = 3 + sectionLines.reduce((a, n) => a + n + 1, 0) <= height;
  const boxWidth = Math.min(width, stacked ? 84 : 160);
  const inner = boxWidth - 4;
  const columnWidth = stacked ? inner : Math.floor((inner - 2) / sections.length);
  return (
    <Box flexDirection="column" width={boxWidth} borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text wrap="truncate">
        <Text bold>Keys</Text>
        <Text color={theme.muted}> · ? or Esc closes this help</Text>
      </Text>
      <Box flexDirection={stacked ? 'column' : 'row'} gap={stacked ? 0 : 2}>
        {sections.map((s) => (
          <Box key={s.title} marginTop={stacked ? 1 : 0}>
            <Section title={s.title} entries={s.entries} keyWidth={keyWidth} width={columnWidth} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
