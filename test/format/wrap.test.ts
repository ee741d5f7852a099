import { describe, expect, it } from 'vitest';
import { phrase, wrapWords } from '../../src/format/wrap.js';

describe('wrapWords', () => {
  it('breaks between words, never starting a line with a space', () => {
    const text = 'pooltop needs at least 80×24. Enlarge the window, or press q to quit.';
    const lines = wrapWords(text, 60);
    expect(lines).toEqual(['pooltop needs at least 80×24. Enlarge the window, or press q', 'to quit.']);
    for (const width of [10, 20, 33, 60])
      for (const line of wrapWords(text, width)) {
        expect(line).not.toMatch(/^ | $/);
        expect(line.length).toBeLessThanOrEqual(width);
      }
  });

  it('keeps a phrase on one line, unless it alone is wider than the line', () => {
    const text = `pooltop needs at least 80×24. ${phrase('Enlarge the window,')} ${phrase('or press q to quit.')}`;
    expect(wrapWords(text, 60)).toEqual([
      'pooltop needs at least 80×24. Enlarge the window,',
      'or press q to quit.',
    ]);
    const narrow = wrapWords(text, 12);
    expect(narrow.join(' ')).toBe('pooltop needs at least 80×24. Enlarge the window, or press q to quit.');
    for (const line of narrow) expect(line.length).toBeLessThanOrEqual(12);
  });
});
