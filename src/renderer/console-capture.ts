/**
 * While the dashboard owns the screen, console output would scribble over it. It is captured
 * instead, and printed on stderr once the terminal is restored (the last `limit` lines).
 */
import { format } from 'node:util';

const METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;

/** Starts capturing console output; the returned function restores the console and gives the lines. */
export function captureConsole(limit = 100): () => string[] {
  const captured: string[] = [];
  const saved = METHODS.map((m) => [m, console[m]] as const);
  for (const m of METHODS) {
    console[m] = (...args: unknown[]) => {
      captured.push(format(...args));
      if (captured.length > limit) captured.shift();
    };
  }
  return () => {
    for (const [m, fn] of saved) console[m] = fn;
    return captured;
  };
}
