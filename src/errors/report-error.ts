import { isPooltopError, oneLine } from './pooltop-error.js';
import { sanitize, type TextTarget } from '../format/sanitize.js';
import { isDebug } from './debug.js';

export { isDebug };

/** Exit code for a failure: 2 for usage/configuration (nothing was sent), 1 for the rest. */
export function exitCodeFor(error: unknown): number {
  if (!isPooltopError(error)) return 1;
  if (error.kind === 'config') return 2;
  if (error.kind === 'validation' && error.status === undefined) return 2;
  return 1;
}

/** Where a failure is reported: stderr, the environment (DEBUG) and the terminal it shows on. */
export interface ErrorSink {
  stderr: (t: string) => void;
  env: NodeJS.ProcessEnv;
  terminal: TextTarget;
}

/** One line on stderr starting `pooltop:`; details only with DEBUG=pooltop. */
export function reportError(error: unknown, { stderr, env, terminal }: ErrorSink): number {
  const message = isPooltopError(error)
    ? error.message
    : `unexpected error: ${oneLine(error instanceof Error ? error.message : String(error))}`;
  stderr(`pooltop: ${sanitize(message, terminal)}\n`);
  if (isDebug(env)) {
    const parts: string[] = [];
    if (isPooltopError(error)) {
      parts.push(`kind=${error.kind}${error.status ? ` status=${error.status}` : ''}`);
      if (error.detail) parts.push(error.detail);
      if (error.fields) parts.push(JSON.stringify(error.fields));
    }
    if (error instanceof Error && error.stack) parts.push(error.stack);
    stderr(`${sanitize(parts.join('\n'), { unicode: terminal.unicode, multiline: true })}\n`);
  }
  return exitCodeFor(error);
}
