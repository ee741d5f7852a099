import { useRef } from 'react';
import { useKeypress } from './use-keypress.js';
import { isPaste } from '../keypress.js';
import { findBinding, type Handlers, type Scope } from '../keymap.js';

/**
 * Calls `handlers[action]` when a key bound to `action` in `scope` (see keymap.ts) is pressed,
 * while `isActive`. Keys come from the one input layer (hooks/use-keypress.ts); pastes are
 * never keys.
 */
export function useKeymap<S extends Scope>(scope: S, handlers: Handlers<S>, isActive = true): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useKeypress((event) => {
    if (isPaste(event)) return;
    const binding = findBinding(scope, event.name);
    if (!binding) return;
    const handler = (ref.current as Record<string, ((key: string) => void) | undefined>)[binding.action];
    handler?.(event.name);
  }, isActive);
}
