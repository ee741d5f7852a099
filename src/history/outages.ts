/**
 * Outages from a worker's spans (pure): consecutive down spans, with nothing up between them,
 * are one outage (watching may have stopped and started again while it lasted). It came back
 * at the start of an up span that follows with no gap; after a gap, when is not known.
 */
import type { SpanRow } from './span-rows.js';

export interface Outage {
  lastPresentAt: number | null;
  firstMissingAt: number;
  backAt: number | null;
  lastMissingAt: number;
  ongoing: boolean;
  how: SpanRow['how'];
  filled: boolean;
}

export function outagesOf(spans: readonly SpanRow[]): Outage[] {
  const out: Outage[] = [];
  let current: Outage | undefined;
  for (const s of spans) {
    if (!s.up) {
      if (current) {
        current.lastMissingAt = s.end;
        current.ongoing = s.open;
      } else {
        current = {
          lastPresentAt: s.lastPresentAt,
          firstMissingAt: s.firstMissingAt ?? s.start,
          backAt: null,
          lastMissingAt: s.end,
          ongoing: s.open,
          how: s.how,
          filled: s.filled,
        };
        out.push(current);
      }
      continue;
    }
    if (current && s.start === current.lastMissingAt) current.backAt = s.start;
    current = undefined;
  }
  return out;
}

export const outageDurationS = (o: Outage) => (o.backAt ?? o.lastMissingAt) - o.firstMissingAt;
