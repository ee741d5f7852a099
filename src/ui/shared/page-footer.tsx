import { Box, Text } from 'ink';
import { truncate } from '../../format/width.js';
import { useTheme } from '../theme-context.js';
import { type FooterInput, footerParts } from './footer-text.js';
import { useGlyphs, useTerminal } from '../terminal-context.js';
import { hintText } from '../browser/browser-state.js';

export interface PageFooterProps extends FooterInput {
  width: number;
  /** A note about a key that reached a bound ("offset stops at 10000"). */
  hint: string | undefined;
}

/** "rows 31–60 · search "miner" · page size 30 · end of list", and a hint on the right. */
export function PageFooter({ width, hint, ...input }: PageFooterProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const parts = footerParts(input, term);
  const left = parts.join(' · ');
  // Each message once: a hint the footer already says ("end of list") is not repeated.
  const shown = hint && !parts.includes(hint) ? hintText(hint, ellipsis) : undefined;
  const right = shown ? ` ${shown}` : '';
  return (
    <Box height={1} width={width} justifyContent="space-between">
      <Text color={theme.muted} wrap="truncate">
        {truncate(left, Math.max(1, width - right.length), ellipsis)}
      </Text>
      {shown ? <Text color={theme.warn}>{truncate(right, width, ellipsis)}</Text> : null}
    </Box>
  );
}
