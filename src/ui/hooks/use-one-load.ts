/**
 * One background load at a time, tied to the dashboard's lifetime: `begin` cancels the load
 * running and hands the new one its signal; `cancel` stops it keeping what arrived; `clear`
 * stops it and goes back to `idle`; unmounting stops it. The whole-list loader and the balance
 * column are both this, with their own state.
 */
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { linkSignals } from '../../api/link-signals.js';
import { useDashboard } from '../dashboard-context.js';

export interface LoadRun {
  /** Aborted by `cancel`, `clear`, the next `begin`, unmounting or the dashboard's end. */
  signal: AbortSignal;
  /** Still the load on screen (not replaced, not ended with the dashboard). */
  mine(): boolean;
  /** Call once when the load has ended; true when its outcome is still the one to show. */
  finish(): boolean;
}

export interface OneLoad<S> {
  state: S;
  setState: Dispatch<SetStateAction<S>>;
  begin(): LoadRun;
  /** Stops a running load, keeping what arrived; false when none was running. */
  cancel(): boolean;
  clear(): void;
}

export function useOneLoad<S>(idle: S): OneLoad<S> {
  const { signal: lifetime } = useDashboard();
  const [state, setState] = useState<S>(idle);
  const running = useRef<AbortController | undefined>(undefined);

  const begin = useCallback((): LoadRun => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const linked = linkSignals(controller.signal, lifetime);
    const mine = () => running.current === controller && !lifetime.aborted;
    return {
      signal: linked.signal,
      mine,
      finish: () => {
        linked.dispose();
        if (!mine()) return false;
        running.current = undefined;
        return true;
      },
    };
  }, [lifetime]);

  const cancel = useCallback((): boolean => {
    if (!running.current) return false;
    running.current.abort();
    return true;
  }, []);

  const clear = useCallback(() => {
    const current = running.current;
    running.current = undefined;
    current?.abort();
    setState(idle);
  }, [idle]);

  useEffect(() => () => running.current?.abort(), []);

  return { state, setState, begin, cancel, clear };
}
