/** Mouse reports and the terminal's answers, taken out of a read; everything else left for Ink. */
import { describe, expect, it } from 'vitest';
import { takeReports } from '../../src/ui/terminal-reports.js';
import { createThemeSource } from '../../src/ui/theme-source.js';
import { COLOR_THEME, LIGHT_THEME_256, LIGHT_THEME_16 } from '../../src/format/color.js';

describe('takeReports', () => {
  it('takes SGR mouse presses, releases, wheel turns and motion, zero-based', () => {
    const r = takeReports('\x1b[<0;30;1M\x1b[<0;30;1m\x1b[<64;5;10M\x1b[<65;5;10M\x1b[<35;7;8M');
    expect(r.text).toBe('');
    expect(r.mouse).toEqual([
      { button: 'left', release: false, motion: false, x: 29, y: 0 },
      { button: 'left', release: true, motion: false, x: 29, y: 0 },
      { button: 'wheel-up', release: false, motion: false, x: 4, y: 9 },
      { button: 'wheel-down', release: false, motion: false, x: 4, y: 9 },
      { button: 'none', release: false, motion: true, x: 6, y: 7 },
    ]);
  });

  it('takes an OSC answer ended by BEL or by ST, and leaves the keys around it', () => {
    const r = takeReports('j\x1b]11;rgb:ffff/ffff/ffff\x07k\x1b]11;rgb:0/0/0\x1b\\2');
    expect(r.replies).toEqual(['11;rgb:ffff/ffff/ffff', '11;rgb:0/0/0']);
    expect(r.text).toBe('jk2');
  });

  it('leaves keys, arrows, pastes and an Alt+] alone', () => {
    for (const read of ['q', '\x1b[A', '\x1b[200~11;x\x07\x1b[201~', '\x1b]', '\x1b[<0;1']) {
      expect(takeReports(read), JSON.stringify(read)).toEqual({ text: read, mouse: [], replies: [] });
    }
  });
});

describe('the theme, changed by the answer', () => {
  const source = (choice: 'auto' | 'dark' | 'light', nowMs: { t: number }, deep = false) =>
    createThemeSource({
      color: true,
      deep,
      choice,
      initial: 'dark',
      now: () => nowMs.t,
      answerBy: () => 150,
    });

  it('turns light when the terminal answers white within the deadline, and tells its listeners', () => {
    const clock = { t: 10 };
    const s = source('auto', clock, true);
    let told = 0;
    s.subscribe(() => told++);
    expect(s.get()).toBe(COLOR_THEME);
    s.answer('11;rgb:ffff/ffff/ffff');
    expect(s.get()).toBe(LIGHT_THEME_256);
    expect(told).toBe(1);
  });

  it('ignores a late answer, one that is not a colour, and any answer when the theme was chosen', () => {
    const late = source('auto', { t: 151 });
    late.answer('11;rgb:ffff/ffff/ffff');
    expect(late.get()).toBe(COLOR_THEME);
    const garbled = source('auto', { t: 0 });
    garbled.answer('11;rgb:zz/zz/zz');
    expect(garbled.get()).toBe(COLOR_THEME);
    const chosen = source('dark', { t: 0 });
    chosen.answer('11;rgb:ffff/ffff/ffff');
    expect(chosen.get()).toBe(COLOR_THEME);
    const sixteen = source('auto', { t: 0 });
    sixteen.answer('11;rgb:ffff/ffff/ffff');
    expect(sixteen.get()).toBe(LIGHT_THEME_16);
  });
});
