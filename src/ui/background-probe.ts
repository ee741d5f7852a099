/**
 * Reads the terminal's answer to the background query (terminal/background.ts `askBackground`,
 * sent as the dashboard starts, while the first poll travels and the dashboard's modules load)
 * if it is there by the first frame. It never makes the first frame wait: when the
 * terminal has not answered by then (tmux, GNU screen and many others never do), reading goes
 * over to Ink, and the input layer takes a late answer (terminal-reports.ts). Bytes read here
 * that are not the answer (keys typed meanwhile) are handed back to the stream, first.
 */
import { takeReports } from './terminal-reports.js';

export interface BackgroundProbe {
  /** Stops reading; what was read and is not an answer goes back to the stream. */
  stop(): void;
}

/** Reads the answer to the query askBackground sent. */
export function probeBackground(stdin: NodeJS.ReadStream, onReply: (body: string) => void): BackgroundProbe {
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
  stdin.on('readable', onReadable);
  return {
    stop() {
      stdin.off('readable', onReadable);
      if (stdin.destroyed) return;
      if (held) stdin.unshift(Buffer.from(held, 'latin1'));
    },
  };
}
