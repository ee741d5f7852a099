import { Text } from 'ink';
import type { SubAccountApiKey } from '../../api/oversight-types.js';
import { padEnd, truncate } from '../../format/width.js';
import { uniqueKeys } from '../browser/table-frame.js';
import { useDashboard } from '../dashboard-context.js';
import { useGlyphs, useTerminal } from '../terminal-context.js';
import { useTheme } from '../theme-context.js';
import { keyLines } from './key-marks.js';
import { usePaneRows } from './pane-rows.js';
import { SectionStatus, statusOf } from './section-status.js';
import { type OversightReadOptions, useAccountKeys, useKeyIps } from './use-account-keys.js';

/** Lines each key takes: what it is, what it may reach, what was found. */
const KEY_LINES = 3;
const MARK_WIDTH = 4;

export interface KeysSectionProps extends OversightReadOptions {
  accountId: string | null;
  width: number;
  /** Lines under the status line. */
  lines: number;
  /** `]` and `[` act. */
  keysActive: boolean;
}

/**
 * The detail pane's key view: each key of the account (the listing the Keys column read, from the
 * cache), and the IP list of the keys shown, read as they are drawn.
 */
export function KeysSection({ accountId, width, lines, keysActive, ...reads }: KeysSectionProps) {
  const theme = useTheme();
  const { ellipsis } = useGlyphs();
  const keys = useAccountKeys(accountId, reads);
  const items = keys.value?.items ?? [];
  const rows = usePaneRows(items.length, lines, KEY_LINES, keysActive && keys.value !== undefined);
  const visible = items.slice(rows.top, rows.end);
  const ids = uniqueKeys(visible.map((k) => k.id ?? ''));
  const more =
    keys.value && items.length >= keys.value.limit ? ' · the first 100 (pooltop audit keys lists all)' : '';
  return (
    <>
      <SectionStatus
        title="API keys"
        what="API keys"
        {...statusOf(keys)}
        paused={reads.paused}
        width={width}
        note={more}
      />
      {keys.value !== undefined && items.length === 0 ? (
        <Text color={theme.muted}>This sub-account has no API key.</Text>
      ) : null}
      {visible.map((k, i) => (
        <KeyEntry key={ids[i]} apiKey={k} width={width} {...reads} />
      ))}
      {rows.overflow ? (
        <Text color={theme.muted} wrap="truncate">
          {truncate(rows.overflow, width, ellipsis)}
        </Text>
      ) : null}
    </>
  );
}

/** One key: its IP list is read while it is drawn. */
function KeyEntry({
  apiKey,
  width,
  ...reads
}: { apiKey: SubAccountApiKey; width: number } & OversightReadOptions) {
  const theme = useTheme();
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const { now } = useDashboard();
  const ips = useKeyIps(apiKey.id, reads);
  const text = keyLines(apiKey, ips.value, ips.error !== undefined, Math.floor(now() / 1000), term);
  const room = Math.max(1, width - MARK_WIDTH);
  const indent = ' '.repeat(MARK_WIDTH);
  return (
    <>
      <Text wrap="truncate">
        <Text color={text.marks.includes('!') ? theme.warn : theme.muted} bold>
          {padEnd(text.marks, MARK_WIDTH, ellipsis)}
        </Text>
        {truncate(text.head, room, ellipsis)}
      </Text>
      <Text wrap="truncate">
        {indent}
        {truncate(text.access, room, ellipsis)}
      </Text>
      <Text wrap="truncate" color={text.marks ? theme.warn : theme.muted}>
        {indent}
        {truncate(text.findings, room, ellipsis)}
      </Text>
    </>
  );
}
