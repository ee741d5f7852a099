import { Box, type DOMElement, Text } from 'ink';
import { type ReactNode, useRef } from 'react';
import { useMouseArea } from '../hooks/use-mouse-area.js';
import type { TableMouse } from './table-mouse.js';
import { Spinner } from '../chrome/spinner.js';
import { useTheme } from '../theme-context.js';
import { useGlyphs } from '../terminal-context.js';

export interface TableFrameProps {
  /** The heading line. */
  header: ReactNode;
  /** Table rows that fit. */
  rows: number;
  /** No rows to draw: a loading line while `loading`, else `empty`. */
  none: boolean;
  loading: boolean;
  /** What is loading, e.g. "sub-accounts". */
  what: string;
  empty: string;
  children: ReactNode;
  /** Mouse: a press on the i-th row drawn (0: the first under the heading), and the wheel. */
  mouse?: TableMouse;
}

/** A browsed table's frame: its heading, then the rows on screen, a loading line or why there are none. */
export function TableFrame({ header, rows, none, loading, what, empty, children, mouse }: TableFrameProps) {
  const theme = useTheme();
  const ref = useRef<DOMElement>(null);
  useMouseArea(
    ref,
    (event, at) => {
      if (event.button === 'wheel-up' || event.button === 'wheel-down') {
        mouse?.onWheel(event.button === 'wheel-up' ? -1 : 1);
      } else if (event.button === 'left' && !event.release && !event.motion && at.y > 0 && !none) {
        mouse?.onRow(at.y - 1);
      }
    },
    mouse?.active === true,
  );
  const { ellipsis } = useGlyphs();
  let body: ReactNode = children;
  if (none && loading) {
    body = (
      <Text>
        <Spinner /> Loading {what}
        {ellipsis}
      </Text>
    );
  } else if (none) {
    body = (
      <Text color={theme.muted} wrap="truncate">
        {'  '}
        {empty}
      </Text>
    );
  }
  return (
    <Box ref={ref} flexDirection="column" height={rows + 1} overflow="hidden">
      {header}
      {body}
    </Box>
  );
}

/** React keys from ids, made unique even if the server repeats an id. */
export function uniqueKeys(ids: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return ids.map((id) => {
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return n === 0 ? id : `${id}#${n}`;
  });
}
