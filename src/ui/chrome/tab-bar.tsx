import { Box, type DOMElement, Text } from 'ink';
import { useRef } from 'react';
import { displayWidth } from '../../format/width.js';
import { useMouseArea } from '../hooks/use-mouse-area.js';
import type { Liveness } from '../status-report.js';
import { useTheme } from '../theme-context.js';

export interface TabBarProps {
  titles: readonly string[];
  active: number;
  /** The visible tab's state in one word (status-report.ts); nothing for a tab that polls nothing. */
  state: Liveness | undefined;
  /** A click on a tab's label (mouse reporting on). */
  onSelect?: (index: number) => void;
}

const BRAND = 'pooltop ';

/** The tab whose label is drawn at `column`, if any: each label is `[n Title]` or ` n Title `. */
export function tabAtColumn(titles: readonly string[], column: number): number | undefined {
  let x = displayWidth(BRAND);
  for (const [i, title] of titles.entries()) {
    const width = displayWidth(`${i + 1} ${title}`) + 2;
    if (column >= x && column < x + width) return i;
    x += width;
  }
  return undefined;
}

/** Top line: the tabs (the active one in brackets, and inverse when colour is on) and the data's state. */
export function TabBar({ titles, active, state, onSelect }: TabBarProps) {
  const theme = useTheme();
  const ref = useRef<DOMElement>(null);
  useMouseArea(
    ref,
    (event, at) => {
      const tab = event.button === 'left' && !event.release ? tabAtColumn(titles, at.x) : undefined;
      if (tab !== undefined) onSelect?.(tab);
    },
    onSelect !== undefined,
  );
  const tone = {
    LIVE: theme.ok,
    LOADING: theme.muted,
    STALE: theme.warn,
    PAUSED: theme.warn,
    ERROR: theme.error,
  } as const;
  return (
    // Screen-reader mode says the tab and its state on its own (narration/use-narration.ts).
    <Box ref={ref} height={1} justifyContent="space-between" aria-hidden>
      <Box>
        <Text bold color={theme.accent}>
          {BRAND}
        </Text>
        {titles.map((title, i) => {
          const label = `${i + 1} ${title}`;
          return i === active ? (
            <Text key={title} bold inverse={theme.enabled}>
              [{label}]
            </Text>
          ) : (
            <Text key={title} color={theme.muted}>
              {` ${label} `}
            </Text>
          );
        })}
      </Box>
      {state ? (
        <Text bold={state !== 'LIVE'} color={tone[state]}>
          {state === 'LIVE' ? '● LIVE' : state === 'PAUSED' ? '‖ PAUSED' : state}
        </Text>
      ) : null}
    </Box>
  );
}
