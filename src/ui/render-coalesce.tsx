/**
 * When the dashboard's output passes run. Ink runs in debug mode (run-dashboard.tsx), which
 * leaves out its render throttle: every React commit would pay a whole output pass. Ink's
 * per-commit hook on its root node is replaced by a scheduler:
 * - after a key, the clock's tick or a spinner's step (`drawSoon()`, pass-timing.ts), the pass
 *   runs at the end of the turn, with every commit of that turn;
 * - any other commit (an answer arriving) in a second's first TICK_DELAY_MS waits for the
 *   clock's tick: polls go out on second boundaries (swr-options.ts), so the answers to one
 *   boundary's polls and the new second share one pass; after the tick, it runs at the end of
 *   the turn as well.
 */
import { Box, type DOMElement } from 'ink';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { holdMs, urgency } from './pass-timing.js';

function rootOf(node: DOMElement): DOMElement {
  let at = node;
  while (at.parentNode) at = at.parentNode;
  return at;
}

/** Wraps the root's `onRender` (called by Ink's reconciler after each commit); returns the undo. */
export function coalesceRenders(root: DOMElement, now: () => number = Date.now): () => void {
  const draw = root.onRender;
  if (!draw) return () => {};
  let soon: NodeJS.Immediate | undefined;
  let held: NodeJS.Timeout | undefined;
  const cancel = (): void => {
    if (soon) clearImmediate(soon);
    if (held) clearTimeout(held);
    soon = undefined;
    held = undefined;
  };
  const pass = (): void => {
    cancel();
    urgency.clear();
    draw();
  };
  root.onRender = () => {
    if (soon) return;
    const wait = urgency.get() ? 0 : holdMs(now());
    if (wait > 0) {
      held ??= setTimeout(pass, wait);
      return;
    }
    soon = setImmediate(pass);
  };
  return () => {
    cancel();
    root.onRender = draw;
  };
}

export function CoalescedRenders({ children }: { children: ReactNode }) {
  const ref = useRef<DOMElement>(null);
  useLayoutEffect(() => (ref.current ? coalesceRenders(rootOf(ref.current)) : undefined), []);
  return (
    <Box ref={ref} flexDirection="column">
      {children}
    </Box>
  );
}
