/**
 * Asks the terminal for its background colour (OSC 11) while the dashboard waits for its first
 * data, and reads the answer if it comes before the first frame. It never makes the first frame
 * wait: when the terminal has not answered by then (tmux, GNU screen and many others never do),
 * reading goes over to Ink, and the input layer takes a late answer (input-decoder.ts). Bytes
 * read here that are not the answer (keys typed meanwhile) are handed back to the stream, first.
 */
import { BACKGROUND_QUERY } from '../terminal/background.js';
import { takeReports } from './terminal-reports.js';

export interface BackgroundProbe {
  /** Stops reading; what was read and is not an answer goes back to the stream. */
  stop(): void;
}

export function probeBackground(
  stdin: NodeJS.ReadStream,
  stdout: NodeJS.WritableStream,
  onReply: (body: string) => void,
): BackgroundProbe {
  // Bytes as latin1: one character a byte, so what is left goes back unchanged.
  let held = '';
  // 'readable', not 'data': the stream stays paused, so what arrives between stop() and Ink's
  // own listener waits in its buffer (a paused terminal stream would stop reading altogether).
  const onReadable = (): void => {
    for (let chunk = stdin.read() as Buffer | string | null; chunk !== null; chunk = stdin.read()) {
      const bytes =
        typeof chunk === 'string' ? Buffer.from(chunk).toString('latin1') : chunk.toString('latin1');
      const reports = takeReports(held + bytes);
      held = reports.text;
      for (const body of reports.replies) onReply(body);
    }
  };
  try {
    stdin.on('readable', onReadable);
    stdout.write(BACKGROUND_QUERY);
  } catch {
    // The terminal is gone; the dashboard will find out.
  }
  return {
    stop() {
      stdin.off('readable', onReadable);
      if (stdin.destroyed) return;
      if (held) stdin.unshift(Buffer.from(held, 'latin1'));
    },
  };
}
