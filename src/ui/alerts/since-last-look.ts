/**
 * What happened since the dashboard was last closed on this profile, said once as it opens (a
 * status-bar notice, and aloud in screen-reader mode) from the history file
 * (`sinceLastLook`), and the look marked when it closes (`markLooked`), so the next opening
 * starts from there.
 */
import { useEffect } from 'react';
import { sanitizeLine, type TextTarget } from '../../format/sanitize.js';
import { formatDay, formatDuration, startOfDay } from '../../format/time.js';
import type { SinceLastLook } from '../../history/types.js';
import { useDashboard } from '../dashboard-context.js';
import { useNarrator } from '../narration/narrator.js';
import { useTerminal } from '../terminal-context.js';

/** The name the dashboard's looks are kept under in the history file. */
export const DASHBOARD_VIEWER = 'dashboard';
/** Long enough to be read on opening. */
export const SINCE_NOTICE_MS = 15_000;

const DAY_MS = 86_400_000;

/** `today 09:12`, `yesterday 18:04`, `Nov 22 18:04` (local time). */
export function sinceWhen(atMs: number, nowMs: number): string {
  const d = new Date(atMs);
  const hm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  const today = startOfDay(nowMs);
  if (atMs >= today) return `today ${hm}`;
  if (atMs >= startOfDay(today - DAY_MS / 2)) return `yesterday ${hm}`;
  return `${formatDay(atMs)} ${hm}`;
}

/**
 * `since yesterday 18:04: 3 incidents (1 still down) · rig-07 down 2h 14m · 2 alerts fired`;
 * undefined the first time (nothing to compare with).
 */
export function sinceLastLookText(s: SinceLastLook, nowMs: number, term: TextTarget): string | undefined {
  if (s.since === null) return undefined;
  const parts: string[] = [];
  if (s.incidents === 0) parts.push('no worker went down');
  else {
    const still = s.ongoing > 0 ? ` (${s.ongoing} still down)` : '';
    parts.push(`${s.incidents} ${s.incidents === 1 ? 'incident' : 'incidents'}${still}`);
  }
  if (s.longest) {
    const name = sanitizeLine(s.longest.worker, term) || '(no name)';
    const lasted = formatDuration(s.longest.durationS * 1000);
    parts.push(`${name} down ${s.longest.ongoing ? `for ${lasted} now` : lasted}`);
  }
  if (s.alerts > 0) parts.push(`${s.alerts} ${s.alerts === 1 ? 'alert' : 'alerts'} fired`);
  return `since ${sinceWhen(s.since * 1000, nowMs)}: ${parts.join(' · ')}`;
}

/**
 * Says once, just after the first frame, what happened since the last look; marks this look when
 * the dashboard closes (the tree unmounts on every way out: run-dashboard.tsx).
 */
export function useSinceLastLook(say: (text: string, showMs?: number) => void): void {
  const { history, now } = useDashboard();
  const narrator = useNarrator();
  const term = useTerminal();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per store, on opening
  useEffect(() => {
    if (!history) return;
    const timer = setTimeout(() => {
      let text: string | undefined;
      try {
        text = sinceLastLookText(history.sinceLastLook(DASHBOARD_VIEWER), now(), term);
      } catch {
        // A file that cannot be read now: nothing is said, and the dashboard goes on.
        return;
      }
      if (text === undefined) return;
      say(text, SINCE_NOTICE_MS);
      narrator?.say(text);
    }, 0);
    return () => {
      clearTimeout(timer);
      try {
        history.markLooked(DASHBOARD_VIEWER, Math.floor(now() / 1000));
      } catch {
        // Not marked: the next opening says a little more.
      }
    };
  }, [history]);
}
