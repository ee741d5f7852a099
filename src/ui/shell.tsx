import { Box, useInput } from 'ink';
import { useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import { HelpOverlay } from './chrome/help-overlay.js';
import { StatusBar } from './chrome/status-bar.js';
import { TabBar } from './chrome/tab-bar.js';
import { MIN_COLUMNS, MIN_ROWS, TooSmall } from './chrome/too-small.js';
import { useDashboard } from './dashboard-context.js';
import { useKeymap } from './hooks/use-keymap.js';
import { useNotice } from './hooks/use-notice.js';
import { useNow } from './hooks/use-now.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { TABS } from './tabs.js';
import { type TimeMode, type UiState, UiStateContext } from './ui-state.js';

export interface ShellProps {
  /** Read by SWR's `isPaused`; the shell flips it with `p`. */
  pausedRef: { current: boolean };
  onQuit: (code: number) => void;
}

/** Layout (tab bar, the visible tab or help, status bar) and the global key bindings. */
export function Shell({ pausedRef, onQuit }: ShellProps) {
  const { demo, intervalMs } = useDashboard();
  const { mutate } = useSWRConfig();
  const { columns, rows } = useTerminalSize();
  const nowMs = useNow();
  const [tab, setTab] = useState(0);
  const [help, setHelp] = useState(false);
  const [paused, setPaused] = useState(false);
  const [timeMode, setTimeMode] = useState<TimeMode>('relative');
  const [capture, setCapture] = useState(false);
  const [notice, notify] = useNotice();
  const refreshAll = () => void mutate(() => true);

  useKeymap(
    'global',
    {
      quit: () => onQuit(0),
      help: () => setHelp((h) => !h),
      close: () => setHelp(false),
      tab: (key) => setTab(Math.min(TABS.length, Number(key)) - 1),
      'next-tab': () => setTab((t) => (t + 1) % TABS.length),
      'prev-tab': () => setTab((t) => (t + TABS.length - 1) % TABS.length),
      pause: () => {
        const next = !pausedRef.current;
        pausedRef.current = next;
        setPaused(next);
        notify(next ? 'Polling paused; p resumes.' : 'Polling resumed.');
        if (!next) refreshAll();
      },
      refresh: () => (pausedRef.current ? notify('Paused: press p to resume polling.') : refreshAll()),
      times: () => setTimeMode((m) => (m === 'relative' ? 'absolute' : 'relative')),
    },
    !capture,
  );
  // While a view captures text input, Ctrl+C must still quit.
  useInput((input, key) => key.ctrl && input === 'c' && onQuit(0), { isActive: capture });

  const ui: UiState = useMemo(
    () => ({ timeMode, paused, nowMs, notify, setCapture }),
    [timeMode, paused, nowMs, notify],
  );
  const small = columns < MIN_COLUMNS || rows < MIN_ROWS;
  // One row stays free: an output as tall as the terminal makes Ink clear the screen every frame.
  const bodyHeight = Math.max(1, rows - 3);
  const current = TABS[tab] ?? TABS[0]!;
  return (
    <UiStateContext.Provider value={ui}>
      {small ? <TooSmall columns={columns} rows={rows} /> : null}
      <Box flexDirection="column" width={columns} height={rows - 1} display={small ? 'none' : 'flex'}>
        <TabBar
          titles={TABS.map((t) => t.title)}
          active={tab}
          demo={demo}
          paused={paused}
          intervalSec={Math.round(intervalMs / 1000)}
        />
        <Box height={bodyHeight} flexDirection="column" overflow="hidden">
          {help ? <HelpOverlay scope={current.scope} tabTitle={current.title} width={columns} /> : null}
          {TABS.map((t, i) => (
            <Box key={t.id} display={!help && i === tab ? 'flex' : 'none'}>
              <t.component width={columns} height={bodyHeight} active={!small && !help && i === tab} />
            </Box>
          ))}
        </Box>
        <StatusBar width={columns} nowMs={nowMs} notice={notice} />
      </Box>
    </UiStateContext.Provider>
  );
}
