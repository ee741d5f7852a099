/**
 * Asks the terminal for its background colour (OSC 11) while the dashboard waits for its first
 * data, and reads the answer if it comes before the first frame. It never makes the first frame
 * wait: when the terminal has not answered by then (tmux, GNU screen and many others never do),
 * reading goes over to Ink, and the input layer takes a late answer (input-decoder.ts). Bytes
 * read here that are not the answer (keys typed meanwhile) are handed back to the stream, first.
 */
import { BACKGROUND_QUERY } from '../terminal/background.js';

export interface BackgroundProbe {
  /** Stops reading; what was read and is not an answer goes back to the stream. */
  stop(): void;
}

/** A complete OSC answer: `ESC ]`, its body, then BEL or `ESC \`. */
const ANSWER = /\x1b\](\d[^\x07\x1b]{0,63})(?:\x07|\x1b\\)/;

export function probeBackground(
  stdin: NodeJS.ReadStream,
  stdout: NodeJS.WritableStream,
  onReply: (body: string) => void,
): BackgroundProbe {
  // Bytes as latin1: one character a byte, so what is left goes back unchanged.
  let held = '';
  const onData = (chunk: Buffer | string): void => {
    held += typeof chunk === 'string' ? Buffer.from(chunk).toString('latin1') : chunk.toString('latin1');
    const m = ANSWER.exec(held);
    if (!m) return;
    held = held.slice(0, m.index) + held.slice(m.index + m[0].length);
    onReply(m[1] ?? '');
  };
  try {
    stdin.on('data', onData);
    stdout.write(BACKGROUND_QUERY);
  } catch {
    // The terminal is gone; the dashboard will find out.
  }
  return {
    stop() {
      stdin.off('data', onData);
      if (stdin.destroyed) return;
      stdin.pause();
      if (held) stdin.unshift(Buffer.from(held, 'latin1'));
    },
  };
}
