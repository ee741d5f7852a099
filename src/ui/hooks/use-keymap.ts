import { useInput } from 'ink';
import { useCallback, useRef } from 'react';
import { findBinding, type Handlers, keyName, type Scope } from '../keymap.js';

/**
 * Calls `handlers[action]` when a key bound to `action` in `scope` (see keymap.ts) is pressed.
 * Inactive (no listener at all) when `isActive` is false.
 */
export function useKeymap<S extends Scope>(scope: S, handlers: Handlers<S>, isActive = true): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  const onInput = useCallback(
    (input: string, key: Parameters<Parameters<typeof useInput>[0]>[1]) => {
      const name = keyName(input, key);
      const binding = findBinding(scope, name);
      if (!binding) return;
      const handler = (ref.current as Record<string, ((key: string) => void) | undefined>)[binding.action];
      handler?.(name);
    },
    [scope],
  );
  useInput(onInput, { isActive });
}
