/**
 * Checks every frame an ink-testing-library render wrote. Colour is off in these renders (and
 * chalk has no colour level under vitest), so a frame holds no escape sequence of its own: any
 * ESC or control character in it came from data. The one legitimate exception is a clipboard
 * write (OSC 52) a view sends on `y`: it must be exactly one well-formed sequence whose base64
 * payload decodes to clean text.
 */
import { findLeak } from './hostile.js';

const OSC52 = /^\x1b\]52;c;([A-Za-z0-9+/]*={0,2})\x07$/;

export interface FrameReport {
  leaks: string[];
  /** Decoded OSC 52 payloads seen. */
  copied: string[];
}

export function checkFrames(frames: readonly string[]): FrameReport {
  const leaks: string[] = [];
  const copied: string[] = [];
  for (const frame of frames) {
    const osc = OSC52.exec(frame);
    if (osc) {
      const text = Buffer.from(osc[1] ?? '', 'base64').toString('utf8');
      copied.push(text);
      const leak = findLeak(text);
      if (leak) leaks.push(`clipboard payload: ${leak}`);
      continue;
    }
    const leak = findLeak(frame);
    if (leak) leaks.push(leak);
  }
  return { leaks, copied };
}
