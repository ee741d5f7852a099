import { Box, Text } from 'ink';
import { displayWidth } from '../../format/width.js';
import { DataStatus } from '../chrome/data-status.js';
import type { Resource } from '../data/use-resource.js';
import { useTheme } from '../theme-context.js';

export interface SectionStatusProps {
  /** The section's name, bold: `Balances`. */
  title: string;
  /** What is loading, for the status: `balances`. */
  what: string;
  hasData: boolean;
  fetchedAt: number | undefined;
  error: Error | undefined;
  loading: boolean;
  paused: boolean;
  /** How often it is read: older than three of these, it is stale. */
  intervalMs: number;
  width: number;
  /** Muted text after the status (`· 1 zero hidden`). */
  note?: string;
}

/** The status fields of a section read through one resource (its `loading` is read: a spinner). */
export function statusOf(resource: Resource<unknown>) {
  return {
    hasData: resource.value !== undefined,
    fetchedAt: resource.fetchedAt,
    error: resource.error,
    loading: resource.loading,
    intervalMs: resource.periodMs,
  };
}

/** A detail-pane section's first line: its name, how fresh its data is, a note. */
export function SectionStatus({ title, note = '', width, ...status }: SectionStatusProps) {
  const theme = useTheme();
  return (
    <Box height={1}>
      <Text bold>{title}</Text>
      <DataStatus {...status} width={Math.max(4, width - displayWidth(title) - note.length)} />
      <Text color={theme.muted} wrap="truncate">
        {note}
      </Text>
    </Box>
  );
}
