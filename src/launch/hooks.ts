import type { Invocation } from '../cli/mode.js';

/** What the launcher (src/launch/launcher.ts) gives the program it runs. */
export interface LaunchHooks {
  /**
   * Start-up is over (a command: its work is done) and the code that `kind` runs is compiled: a good moment to save V8's code
   * cache. The launcher saves it only when the cache it loaded was for the same kind of
   * invocation and was missing or refused; otherwise this does nothing.
   */
  warm(kind: Invocation): void;
}
