/**
 * The help overlay as lines of text, laid out for a width: the box takes the width its longest
 * line needs, up to the terminal's, and descriptions that do not fit wrap under themselves
 * instead of being cut. Pure; the overlay draws a window of these lines and scrolls it.
 */
import { displayWidth } from '../../format/width.js';
import { wrapWords } from '../../format/wrap.js';

export { wrapWords };
import { type Binding, keysLabel } from '../keymap.js';

export interface HelpSection {
  title: string;
  entries: readonly Binding[];
  /** Lines after the keys: what the tab's marks mean (keymap.ts's HELP_NOTES). */
  notes?: readonly string[];
}

export interface HelpLine {
  kind: 'title' | 'heading' | 'entry' | 'note' | 'blank';
  /** Key column of an entry's first line ('' on its continuation lines). */
  keys?: string;
  text: string;
}

export interface HelpLayout {
  /** Box width, borders and padding included. */
  width: number;
  /** Width of the key column. */
  keyWidth: number;
  lines: HelpLine[];
}

/** Border and padding on each side: `│ ` … ` │`. */
export const FRAME_COLUMNS = 4;
/** An entry's indent before the key column. */
const INDENT = 2;

/** `minInner`: columns some other line in the box needs (the closing note). */
export function helpLayout(sections: readonly HelpSection[], maxWidth: number, minInner = 0): HelpLayout {
  const keyWidth = Math.max(...sections.flatMap((s) => s.entries.map((b) => displayWidth(keysLabel(b)))));
  const lead = INDENT + keyWidth + 1;
  const needed = Math.max(
    minInner,
    ...sections.flatMap((s) => [
      displayWidth(s.title),
      ...s.entries.map((b) => lead + displayWidth(b.description)),
    ]),
  );
  const width = Math.max(FRAME_COLUMNS + lead + 10, Math.min(maxWidth, needed + FRAME_COLUMNS));
  const room = width - FRAME_COLUMNS - lead;
  const lines: HelpLine[] = [{ kind: 'title', text: 'Keys' }];
  for (const section of sections) {
    lines.push({ kind: 'blank', text: '' }, { kind: 'heading', text: section.title });
    if (section.entries.length === 0) lines.push({ kind: 'note', text: '  No keys of its own yet.' });
    for (const b of section.entries) {
      wrapWords(b.description, room).forEach((text, i) => {
        lines.push({ kind: 'entry', keys: i === 0 ? keysLabel(b) : '', text });
      });
    }
    for (const note of section.notes ?? []) {
      for (const text of wrapWords(note, width - FRAME_COLUMNS - INDENT))
        lines.push({ kind: 'note', text: `  ${text}` });
    }
  }
  return { width, keyWidth, lines };
}
