import { Box, Text } from 'ink';
import { bindingsFor, type KeymapEntry, keysLabel, type Scope } from '../keymap.js';
import { useTheme } from '../theme-context.js';

export interface HelpOverlayProps {
  /** Scope of the visible tab; its keys are listed after the global ones. */
  scope: Scope;
  tabTitle: string;
  width: number;
}

function Section({ title, entries, keyWidth }: { title: string; entries: readonly KeymapEntry[]; keyWidth: number }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold color={theme.accent}>
        {title}
      </Text>
      {entries.length === 0 ? <Text color={theme.muted}> No keys of its own yet.</Text> : null}
      {entries.map((b) => (
        <Text key={b.action} wrap="truncate">
          {'  '}
          <Text bold>{keysLabel(b).padEnd(keyWidth)}</Text> {b.description}
        </Text>
      ))}
    </Box>
  );
}

/** Every key of the keymap for the global scope and the visible tab, read from the keymap table. */
export function HelpOverlay({ scope, tabTitle, width }: HelpOverlayProps) {
  const theme = useTheme();
  const global = bindingsFor('global');
  const local = scope === 'global' ? [] : bindingsFor(scope);
  const keyWidth = Math.max(...[...global, ...local].map((b) => keysLabel(b).length)) + 2;
  return (
    <Box flexDirection="column" width={Math.min(width, 72)} borderStyle="round" borderColor={theme.accent} paddingX={1}>
      <Text bold>Keys</Text>
      <Section title="Everywhere" entries={global} keyWidth={keyWidth} />
      {scope === 'global' ? null : <Section title={`${tabTitle} tab`} entries={local} keyWidth={keyWidth} />}
      <Box marginTop={1}>
        <Text color={theme.muted}>? or Esc closes this help.</Text>
      </Box>
    </Box>
  );
}
