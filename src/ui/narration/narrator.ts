/**
 * Screen-reader mode's voice: instead of a screen redrawn every second, plain lines written in
 * order, only when something changes (use-narration.ts says what). The tree is still rendered,
 * as Ink's screen-reader text (src/renderer `onFrame`), so a tab's content can be read out when
 * it is opened. Without a narrator (full-screen mode) every call does nothing.
 */
import { createContext, useContext } from 'react';
import { sanitizeLine, type TextTarget } from '../../format/sanitize.js';
import { spokenLines } from './spoken-lines.js';

export interface Narrator {
  /** Writes lines as they are (sanitised). */
  say(...lines: string[]): void;
  /** The renderer's latest frame (Ink's screen-reader text). */
  frame(text: string): void;
  /** Reads out the next frame drawn, under `heading`: what a tab shows once it has its data. */
  readNextFrame(heading: string): void;
}

export function createNarrator(write: (text: string) => void, term: TextTarget): Narrator {
  let heading: string | undefined;
  const say = (...lines: string[]): void => {
    const text = lines
      .map((l) => sanitizeLine(l, term))
      .filter((l) => l !== '')
      .map((l) => `${l}\n`)
      .join('');
    if (text) write(text);
  };
  return {
    say,
    frame(text) {
      if (heading === undefined) return;
      const lines = spokenLines(text);
      say(heading, ...lines);
      heading = undefined;
    },
    readNextFrame(h) {
      heading = h;
    },
  };
}

export const NarratorContext = createContext<Narrator | undefined>(undefined);

/** The narrator in screen-reader mode, else undefined. */
export function useNarrator(): Narrator | undefined {
  return useContext(NarratorContext);
}
