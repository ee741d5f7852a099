/**
 * What screen-reader mode says, decided from the shell's state after each commit: the tab opened
 * and, once its data is in, what it shows; the state word when it changes (LIVE, STALE, ERROR,
 * PAUSED); each alert that fires or resolves; the keys when `?` opens the help. Nothing else:
 * a value ticking over is not news. A layout effect, so the frame read out for a tab is the one
 * drawn for the commit that found its data (the renderer draws after layout effects).
 */
import { useLayoutEffect, useRef } from 'react';
import type { Scope } from '../keymap.js';
import type { Liveness } from '../status-report.js';
import { type AlertChange, alertLine, keyLines } from './lines.js';
import { useNarrator } from './narrator.js';

export interface NarratedShell {
  /** 0-based. */
  tab: number;
  title: string;
  scope: Scope;
  state: Liveness | undefined;
  help: boolean;
  history: readonly AlertChange[];
}

interface Said {
  tab: number | undefined;
  state: Liveness | undefined;
  help: boolean;
  seq: number;
  /** The tab's content is still to be read out, once it has its data. */
  pending: boolean;
}

export function useNarration(shell: NarratedShell): void {
  const narrator = useNarrator();
  const said = useRef<Said>({ tab: undefined, state: undefined, help: false, seq: 0, pending: false });
  useLayoutEffect(() => {
    if (!narrator) return;
    const before = said.current;
    const now: Said = { ...before, state: shell.state, help: shell.help, tab: shell.tab };
    const switched = shell.tab !== before.tab;
    if (switched) {
      narrator.say(`Tab ${shell.tab + 1}: ${shell.title}`);
      now.pending = true;
    }
    // A tab reports its state in the commit after it is shown; one that reports none is read then.
    const settled = shell.state !== undefined ? shell.state !== 'LOADING' : !switched;
    const read = now.pending && settled && !shell.help;
    const changed = shell.state !== before.state && shell.state !== undefined && shell.state !== 'LOADING';
    if (!switched && !read && changed) narrator.say(`${shell.title}: ${shell.state}`);
    for (const c of shell.history) if (c.seq > before.seq) narrator.say(alertLine(c));
    now.seq = shell.history.at(-1)?.seq ?? before.seq;
    if (shell.help && !before.help) narrator.say(...keyLines(shell.scope, shell.title));
    if (read) {
      narrator.readNextFrame(`${shell.title} (${shell.state ?? 'no data of its own'}):`);
      now.pending = false;
    }
    said.current = now;
  });
}
