/**
 * The dashboard's one input layer (after Gemini CLI's keypress context): a single Ink input
 * subscription and a single paste subscription, every read split into keypresses
 * (../keypress.ts), each handed in order to the parts that listen; the keymap (use-keymap.ts)
 * then decides what a key does. Pastes arrive whole on their own channel (Ink turns bracketed
 * paste on), so pasted text can only ever be typed into a text box, never run as keys. Mouse
 * reports go, in the same order as keys, to `useMouse` listeners; the terminal's answers to
 * pooltop's queries to `onReply`; neither is ever a key.
 *
 * Keys that arrive together act as if typed one by one (`2j` moves the cursor of the tab `2`
 * opened): each waits for the render of the one before it. Whether a listener is active and
 * what it does are read when the key arrives, from values its component set while rendering,
 * and listeners are attached in layout effects, so the first key after a change already
 * reaches the right place.
 */
import { useInput, usePaste, useStdin } from 'ink';
import { useDrawSoon } from '../../renderer/index.js';
import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { type InputEvent, keypressesOf } from '../keypress.js';
import { type MouseEvent, takeReports } from '../terminal-reports.js';

type Listener = (event: InputEvent) => void;
type MouseListener = (event: MouseEvent) => void;
type Queued = InputEvent | { mouse: MouseEvent };
type Subscribe = (listener: Listener) => () => void;
type SubscribeMouse = (listener: MouseListener) => () => void;

const KeypressContext = createContext<Subscribe | null>(null);
const MouseContext = createContext<SubscribeMouse | null>(null);

export interface KeypressProviderProps {
  children: ReactNode;
  /** The body of each answer the terminal sends to a query (OSC), e.g. `11;rgb:ffff/ffff/ffff`. */
  onReply?: (body: string) => void;
}

export function KeypressProvider({ children, onReply }: KeypressProviderProps) {
  const listeners = useRef(new Set<Listener>()).current;
  const mouseListeners = useRef(new Set<MouseListener>()).current;
  const queue = useRef<Queued[]>([]).current;
  const draining = useRef(false);
  const onReplyRef = useRef(onReply);
  onReplyRef.current = onReply;
  const drawSoon = useDrawSoon();
  const dispatch = (event: Queued): void => {
    drawSoon();
    if ('mouse' in event) {
      for (const listener of [...mouseListeners]) if (mouseListeners.has(listener)) listener(event.mouse);
      return;
    }
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
  const push = (events: readonly Queued[]): void => {
    queue.push(...events);
    if (draining.current || queue.length === 0) return;
    draining.current = true;
    drain();
  };
  useInput((input, key) => push(keypressesOf(input, key)));
  // Mouse reports and answers to pooltop's queries are taken out of each read before Ink parses
  // it (see ../terminal-reports.ts): Ink drops the one and would type the other as keys.
  const { stdin } = useStdin();
  const pushRef = useRef(push);
  pushRef.current = push;
  useLayoutEffect(() => {
    const read = stdin.read;
    const tapped = function (this: NodeJS.ReadStream, size?: number): string | Buffer | null {
      const chunk: string | Buffer | null = read.call(this, size);
      if (chunk === null || chunk === undefined) return chunk;
      const text = typeof chunk === 'string' ? chunk : String(chunk);
      const reports = takeReports(text);
      for (const body of reports.replies) onReplyRef.current?.(body);
      if (reports.mouse.length > 0) pushRef.current(reports.mouse.map((mouse) => ({ mouse })));
      return reports.text;
    };
    stdin.read = tapped as typeof stdin.read;
    return () => {
      stdin.read = read;
    };
  }, [stdin]);
  usePaste((text) => push([{ paste: text }]));
  const subscribe = useMemo(() => subscriberOf(listeners), [listeners]);
  const subscribeMouse = useMemo(() => subscriberOf(mouseListeners), [mouseListeners]);
  return createElement(
    KeypressContext.Provider,
    { value: subscribe },
    createElement(MouseContext.Provider, { value: subscribeMouse }, children),
  );
}

/** Adds a listener to `set`; the function returned takes it out again. */
function subscriberOf<L>(set: Set<L>): (listener: L) => () => void {
  return (listener) => {
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };
}

/**
 * Subscribes `handler` while mounted; it hears events while `isActive` (as last rendered) is
 * true. No subscription without a provider.
 */
function useListener<E>(
  subscribe: ((listener: (event: E) => void) => () => void) | null,
  handler: (event: E) => void,
  isActive: boolean,
): void {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  const activeRef = useRef(isActive);
  activeRef.current = isActive;
  useLayoutEffect(
    () =>
      subscribe?.((event) => {
        if (activeRef.current) handlerRef.current(event);
      }),
    [subscribe],
  );
}

/** Calls `handler` with every mouse report (terminal.ts turns them on) while `isActive` is true. */
export function useMouse(handler: MouseListener, isActive = true): void {
  useListener(useContext(MouseContext), handler, isActive);
}

/** Calls `handler` with every keypress and paste while `isActive` (as last rendered) is true. */
export function useKeypress(handler: Listener, isActive = true): void {
  const subscribe = useContext(KeypressContext);
  if (!subscribe) throw new Error('useKeypress outside <KeypressProvider>');
  useListener(subscribe, handler, isActive);
}
