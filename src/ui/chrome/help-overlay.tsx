import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { displayWidth, padEnd } from '../../format/width.js';
import { useKeymap } from '../hooks/use-keymap.js';
import { bindingsFor, findBinding, HELP_NOTES, keyLabel, type Scope } from '../keymap.js';
import { useTheme } from '../theme-context.js';
import { FRAME_COLUMNS, type HelpLine, type HelpSection, helpLayout } from './help-lines.js';
import { useGlyphs } from '../terminal-context.js';

export interface HelpOverlayProps {
  /** Scope of the visible tab or of the alert history; its keys are listed beside or after the global ones. */
  scope: Scope;
  tabTitle: string;
  width: number;
  height: number;
}

const CLOSE = '? or Esc closes this help.';
const LONGEST_NOTE = `lines 10–30 of 40, ↓/j ↑/k scroll · ${CLOSE}`;

function Line({ line, keyWidth }: { line: HelpLine; keyWidth: number }) {
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  if (line.kind === 'title') return <Text bold>{line.text}</Text>;
  if (line.kind === 'heading') {
    return (
      <Text bold color={theme.accent}>
        {line.text}
      </Text>
    );
  }
  if (line.kind === 'entry') {
    return (
      <Text>
        {'  '}
        <Text bold>{padEnd(line.keys ?? '', keyWidth, ellipsis)}</Text> {line.text}
      </Text>
    );
  }
  return <Text color={theme.muted}>{line.text || ' '}</Text>;
}

/**
 * Every key of the keymap for the global scope and the visible tab, read from the keymap table,
 * in a box as wide as its longest line (up to the terminal's). Descriptions wrap; when the list
 * is taller than the screen it scrolls with the help's own keys (↑/↓, k/j), a line at a time.
 */
export function HelpOverlay({ scope, tabTitle, width, height }: HelpOverlayProps) {
  const glyphs = useGlyphs();
  const { ellipsis } = glyphs;
  const theme = useTheme();
  const layout = useMemo(() => {
    const sections: HelpSection[] = [{ title: 'Everywhere', entries: bindingsFor('global') }];
    if (scope !== 'global' && scope !== 'help') {
      const title = scope === 'alerts' ? 'Alert history' : `${tabTitle} tab`;
      sections.push({ title, entries: bindingsFor(scope), notes: HELP_NOTES[scope] });
    }
    return helpLayout(sections, width, displayWidth(LONGEST_NOTE));
  }, [scope, tabTitle, width]);
  // Borders take two lines and the closing note one.
  const room = Math.max(1, height - 3);
  const maxTop = Math.max(0, layout.lines.length - room);
  const [wanted, setTop] = useState(0);
  const top = Math.min(wanted, maxTop);
  useKeymap('help', {
    'scroll-down': () => setTop((t) => Math.min(maxTop, t + 1)),
    'scroll-up': () => setTop((t) => Math.max(0, Math.min(maxTop, t) - 1)),
  });
  const shown = layout.lines.slice(top, top + room);
  const down = findBinding('help', 'down');
  const up = findBinding('help', 'up');
  const scroll =
    maxTop === 0 || !down || !up
      ? ''
      : `lines ${top + 1}–${top + shown.length} of ${layout.lines.length}, ${down.keys.map(keyLabel).join('/')} ${up.keys.map(keyLabel).join('/')} scroll · `;
  const note = `${scroll}${CLOSE}`;
  return (
    <Box
      flexDirection="column"
      width={layout.width}
      borderStyle={glyphs.border}
      borderColor={theme.accent}
      paddingX={1}
    >
      {shown.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <Line key={i} line={line} keyWidth={layout.keyWidth} />
      ))}
      <Text color={theme.muted} wrap="truncate">
        {padEnd(note, layout.width - FRAME_COLUMNS, ellipsis)}
      </Text>
    </Box>
  );
}
