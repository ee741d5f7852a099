/**
 * The dashboard's one input layer (after Gemini CLI's keypress context): a single Ink input
 * subscription and a single paste subscription, every read split into keypresses
 * (../keypress.ts), each handed in order to the parts that listen; the keymap (use-keymap.ts)
 * then decides what a key does. Pastes arrive whole on their own channel (Ink turns bracketed
 * paste on), so pasted text can only ever be typed into a text box, never run as keys.
 *
 * Keys that arrive together act as if typed one by one (`2j` moves the cursor of the tab `2`
 * opened): each waits for the render of the one before it. Whether a listener is active and
 * what it does are read when the key arrives, from values its component set while rendering,
 * and listeners are attached in layout effects, so the first key after a change already
 * reaches the right place.
 */
import { useInput, usePaste } from 'ink';
import { useDrawSoon } from '../../renderer/index.js';
import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
} from 'react';
import { type InputEvent, keypressesOf } from '../keypress.js';

type Listener = (event: InputEvent) => void;
type Subscribe = (listener: Listener) => () => void;

const KeypressContext = createContext<Subscribe | null>(null);

export function KeypressProvider({ children }: { children: ReactNode }) {
  const listeners = useRef(new Set<Listener>()).current;
  const queue = useRef<InputEvent[]>([]).current;
  const draining = useRef(false);
  const drawSoon = useDrawSoon();
  const dispatch = (event: InputEvent): void => {
    drawSoon();
    for (const listener of [...listeners]) {
      // One that an earlier listener's key removed (its view went away) hears no more.
      if (listeners.has(listener)) listener(event);
    }
  };
  // The first key of a read acts at once; each further one a turn later, once React has drawn
  // what the key before it changed (Ink hands a read over inside one batch of updates).
  const drain = (): void => {
    const event = queue.shift();
    if (event) dispatch(event);
    if (queue.length > 0) setImmediate(drain);
    else draining.current = false;
  };
  const push = (events: readonly InputEvent[]): void => {
    queue.push(...events);
    if (draining.current || queue.length === 0) return;
    draining.current = true;
    drain();
  };
  useInput((input, key) => push(keypressesOf(input, key)));
  usePaste((text) => push([{ paste: text }]));
  const subscribe = useCallback<Subscribe>(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    [listeners],
  );
  return createElement(KeypressContext.Provider, { value: subscribe }, children);
}

/** Calls `handler` with every keypress and paste while `isActive` (as last rendered) is true. */
export function useKeypress(handler: Listener, isActive = true): void {
  const subscribe = useContext(KeypressContext);
  if (!subscribe) throw new Error('useKeypress outside <KeypressProvider>');
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  const activeRef = useRef(isActive);
  activeRef.current = isActive;
  useLayoutEffect(
    () =>
      subscribe((event) => {
        if (activeRef.current) handlerRef.current(event);
      }),
    [subscribe],
  );
}
