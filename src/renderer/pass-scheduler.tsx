/**
 * When output passes run. Ink runs in debug mode (./render.tsx), which leaves out its render
 * throttle: every React commit would pay a whole output pass. Ink's per-commit hook on its root
 * node is replaced by a scheduler:
 * - after `drawSoon()` (a key, a clock tick, a spinner's step), the pass runs at the end of the
 *   turn, with every commit of that turn;
 * - any other commit waits `deferMs(now())` if that is above zero (the application's policy: for
 *   pooltop, until the second's clock tick, so answers to one second's polls share its pass),
 *   else it runs at the end of the turn as well.
 * Each scheduler keeps its own "urgent" flag: two renderers in one process do not share it.
 */
import { Box, type DOMElement } from 'ink';
import { createContext, type ReactNode, useContext, useLayoutEffect, useRef } from 'react';

export interface PassTiming {
  /** Milliseconds a commit that is not urgent waits at `nowMs` (default: none). */
  deferMs?: (nowMs: number) => number;
  /** The clock `deferMs` is asked with (default Date.now). */
  now?: () => number;
}

export interface PassScheduler {
  /** The next commit is drawn at the end of its turn, not deferred. */
  drawSoon(): void;
  /** Wraps the root's `onRender` (called by Ink's reconciler after each commit); returns the undo. */
  attach(root: DOMElement): () => void;
}

export function createPassScheduler({ deferMs = () => 0, now = Date.now }: PassTiming = {}): PassScheduler {
  let urgent = false;
  return {
    drawSoon: () => {
      urgent = true;
    },
    attach(root) {
      const draw = root.onRender;
      if (!draw) return () => {};
      let soon: NodeJS.Immediate | undefined;
      let deferred: NodeJS.Timeout | undefined;
      const cancel = (): void => {
        if (soon) clearImmediate(soon);
        if (deferred) clearTimeout(deferred);
        soon = undefined;
        deferred = undefined;
      };
      const pass = (): void => {
        cancel();
        urgent = false;
        draw();
      };
      root.onRender = () => {
        if (soon) return;
        const wait = urgent ? 0 : deferMs(now());
        if (wait > 0) {
          deferred ??= setTimeout(pass, wait);
          return;
        }
        soon = setImmediate(pass);
      };
      return () => {
        cancel();
        root.onRender = draw;
      };
    },
  };
}

const noop = (): void => {};
const DrawSoonContext = createContext<() => void>(noop);

/** `drawSoon` of the renderer the component is drawn by; a no-op under any other renderer. */
export function useDrawSoon(): () => void {
  return useContext(DrawSoonContext);
}

function rootOf(node: DOMElement): DOMElement {
  let at = node;
  while (at.parentNode) at = at.parentNode;
  return at;
}

/** Puts `scheduler` in charge of the passes of the Ink tree it is mounted in. */
export function ScheduledPasses({ scheduler, children }: { scheduler: PassScheduler; children: ReactNode }) {
  const ref = useRef<DOMElement>(null);
  useLayoutEffect(() => (ref.current ? scheduler.attach(rootOf(ref.current)) : undefined), [scheduler]);
  return (
    <DrawSoonContext.Provider value={scheduler.drawSoon}>
      <Box ref={ref} flexDirection="column">
        {children}
      </Box>
    </DrawSoonContext.Provider>
  );
}
