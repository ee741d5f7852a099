/**
 * Ink runs in debug mode (run-dashboard.tsx), which leaves out its render throttle: every React
 * commit pays a whole output pass. This wrapper makes the commits of one event-loop turn (a poll's
 * data, then the effects it sets off) share one pass: Ink's per-commit hook on its root node is
 * deferred to `setImmediate`, and commits that land meanwhile join the pending pass. Key presses
 * still draw within the same turn's end, with no added delay.
 */
import { Box, type DOMElement } from 'ink';
import { type ReactNode, useLayoutEffect, useRef } from 'react';

function rootOf(node: DOMElement): DOMElement {
  let at = node;
  while (at.parentNode) at = at.parentNode;
  return at;
}

/** Wraps the root's `onRender` (called by Ink's reconciler after each commit); returns the undo. */
export function coalesceRenders(root: DOMElement): () => void {
  const draw = root.onRender;
  if (!draw) return () => {};
  let pending: NodeJS.Immediate | undefined;
  root.onRender = () => {
    pending ??= setImmediate(() => {
      pending = undefined;
      draw();
    });
  };
  return () => {
    if (pending) clearImmediate(pending);
    pending = undefined;
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
