/** Light or dark: the terminal's OSC 11 answer, then COLORFGBG, then dark. */
import { describe, expect, it } from 'vitest';
import {
  backgroundOfColorFgBg,
  backgroundOfRgb,
  initialBackground,
  parseBackgroundReply,
} from '../../src/terminal/background.js';

describe('the answer to OSC 11', () => {
  it('reads 4, 2 and 1 hex digits a channel, and an alpha some terminals add', () => {
    expect(parseBackgroundReply('11;rgb:ffff/ffff/ffff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseBackgroundReply('11;rgb:1e1e/1e1e/2e2e')).toEqual({ r: 30, g: 30, b: 46 });
    expect(parseBackgroundReply('11;rgb:fd/f6/e3')).toEqual({ r: 253, g: 246, b: 227 });
    expect(parseBackgroundReply('11;rgb:f/0/0')).toEqual({ r: 255, g: 0, b: 0 });
    expect(parseBackgroundReply('11;rgba:0000/0000/0000/ffff')).toEqual({ r: 0, g: 0, b: 0 });
  });

  it('refuses anything else', () => {
    for (const body of [
      '10;rgb:ffff/ffff/ffff',
      '11;?',
      '11;rgb:ffff/ffff',
      '11;rgb:fffff/0/0',
      '11;#ffffff',
      '',
    ])
      expect(parseBackgroundReply(body), body).toBeUndefined();
  });

  it('calls white, Solarized Light and light grey light; black and dark themes dark', () => {
    expect(backgroundOfRgb({ r: 255, g: 255, b: 255 })).toBe('light');
    expect(backgroundOfRgb({ r: 253, g: 246, b: 227 })).toBe('light');
    expect(backgroundOfRgb({ r: 200, g: 200, b: 200 })).toBe('light');
    expect(backgroundOfRgb({ r: 0, g: 0, b: 0 })).toBe('dark');
    expect(backgroundOfRgb({ r: 0, g: 43, b: 54 })).toBe('dark');
    expect(backgroundOfRgb({ r: 30, g: 30, b: 46 })).toBe('dark');
  });
});

describe('COLORFGBG', () => {
  it('reads the last field as the background in the 16-colour numbering', () => {
    expect(backgroundOfColorFgBg('0;15')).toBe('light');
    expect(backgroundOfColorFgBg('0;7')).toBe('light');
    expect(backgroundOfColorFgBg('15;0')).toBe('dark');
    expect(backgroundOfColorFgBg('15;default;0')).toBe('dark');
    expect(backgroundOfColorFgBg('7;8')).toBe('dark');
  });

  it('says nothing when unset or unreadable', () => {
    for (const v of [undefined, '', '15;default', '0;16', 'light'])
      expect(backgroundOfColorFgBg(v), v).toBeUndefined();
  });

  it('comes after the choice itself, and dark when nothing is known', () => {
    expect(initialBackground('light', {})).toBe('light');
    expect(initialBackground('dark', { COLORFGBG: '0;15' })).toBe('dark');
    expect(initialBackground('auto', { COLORFGBG: '0;15' })).toBe('light');
    expect(initialBackground('auto', {})).toBe('dark');
  });
});
