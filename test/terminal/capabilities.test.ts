import { describe, expect, it } from 'vitest';
import { toSafeJson } from '../../src/commands/json-output.js';
import { renderTextTable } from '../../src/commands/text-table.js';
import { KEEP_UNICODE, sanitize } from '../../src/format/sanitize.js';
import { glyphsFor } from '../../src/terminal/glyphs.js';
import { displayWidth, truncate } from '../../src/format/width.js';
import { asciiData, asciiOutput } from '../../src/format/ascii.js';
import {
  colorDepthOf,
  DEFAULT_TERMINAL,
  detectTerminal,
  multiplexerOf,
} from '../../src/terminal/capabilities.js';
import { clipboardNotice, clipboardSequence, osc52 } from '../../src/terminal/clipboard.js';

describe('terminal capabilities', () => {
  it('UTF-8 only when the deciding locale variable says so (LC_ALL, then LC_CTYPE, then LANG)', () => {
    const unicode = (env: Record<string, string>, ascii = false) => detectTerminal(env, { ascii }).unicode;
    expect(unicode({ LANG: 'en_US.UTF-8' })).toBe(true);
    expect(unicode({ LANG: 'C.utf8' })).toBe(true);
    expect(unicode({ LC_CTYPE: 'UTF-8' })).toBe(true);
    expect(unicode({ LANG: 'C' })).toBe(false);
    expect(unicode({})).toBe(false);
    expect(unicode({ LANG: 'en_US.UTF-8', LC_ALL: 'C' })).toBe(false);
    expect(unicode({ LANG: 'C', LC_CTYPE: 'en_US.UTF-8' })).toBe(true);
    expect(unicode({ LANG: 'en_US.UTF-8', LC_ALL: '' })).toBe(true);
    expect(unicode({ LANG: 'de_DE.ISO-8859-1' })).toBe(false);
    expect(unicode({ LANG: 'en_US.UTF-8' }, true)).toBe(false);
  });

  it('colours: none, 16 unless more is advertised, 256 or 24-bit only when it is', () => {
    expect(colorDepthOf({ TERM: 'xterm' })).toBe('16');
    expect(colorDepthOf({ TERM: 'linux' })).toBe('16');
    expect(colorDepthOf({ TERM: 'screen' })).toBe('16');
    expect(colorDepthOf({ TERM: 'xterm-256color' })).toBe('256');
    expect(colorDepthOf({ TERM: 'screen-256color' })).toBe('256');
    expect(colorDepthOf({ TERM: 'xterm', COLORTERM: 'truecolor' })).toBe('truecolor');
    expect(colorDepthOf({ TERM: 'xterm-256color', COLORTERM: '24bit' })).toBe('truecolor');
    expect(colorDepthOf({ TERM: 'xterm-256color', NO_COLOR: '1' })).toBe('none');
    expect(colorDepthOf({ TERM: 'xterm-256color', NO_COLOR: '' })).toBe('256');
    expect(colorDepthOf({ TERM: 'xterm-256color' }, { noColor: true })).toBe('none');
    expect(colorDepthOf({ TERM: 'xterm', FORCE_COLOR: '3' })).toBe('truecolor');
    expect(colorDepthOf({ TERM: 'xterm-256color', FORCE_COLOR: '0' })).toBe('none');
    expect(colorDepthOf({ TERM: 'dumb' })).toBe('none');
    expect(colorDepthOf({})).toBe('none');
  });

  it('TERM unset or dumb cannot address the cursor; multiplexers from TMUX, STY, TERM', () => {
    expect(detectTerminal({}).dumb).toBe(true);
    expect(detectTerminal({ TERM: 'dumb' }).dumb).toBe(true);
    expect(detectTerminal({ TERM: 'xterm' }).dumb).toBe(false);
    expect(multiplexerOf({ TMUX: '/tmp/tmux-1/default,1,0', TERM: 'screen-256color' })).toBe('tmux');
    expect(multiplexerOf({ STY: '123.pts-0.host', TERM: 'screen' })).toBe('screen');
    expect(multiplexerOf({ TERM: 'screen-256color' })).toBe('screen-or-tmux');
    expect(multiplexerOf({ TERM: 'xterm-256color' })).toBe('none');
  });
});

describe('ASCII output', () => {
  it('data outside ASCII becomes ? once per column, so widths stay right', () => {
    for (const text of ['矿工-1', 'Café', 'マイニング', 'rocket 🚀', 'e\u0301t\u00e9']) {
      const out = asciiData(text);
      expect(out).toMatch(/^[\x20-\x7e]*$/);
      expect(out.length).toBe(displayWidth(text));
    }
    expect(asciiData('矿工-1')).toBe('????-1');
  });

  it('our own symbols become look-alikes of the same width; escape sequences pass', () => {
    expect(asciiOutput('\x1b[32m● LIVE\x1b[39m · rows 1–30 › ▲ ↑↓')).toBe(
      '\x1b[32m* LIVE\x1b[39m | rows 1-30 > ^ ^v',
    );
    expect(asciiOutput('plain')).toBe('plain');
  });

  it('sanitize, truncate, tables and JSON follow the terminal', () => {
    const ascii = detectTerminal({ LANG: 'C', TERM: 'xterm' });
    expect(sanitize('Ünïcode 矿', ascii)).toBe('?n?code ??');
    expect(sanitize('Ünïcode', KEEP_UNICODE)).toBe('Ünïcode');
    expect(truncate('abcdefghij', 6, glyphsFor(ascii).ellipsis)).toBe('abc...');
    const table = renderTextTable(ascii, ['Alias', 'ID'], [[sanitize('矿工', ascii), '1']]).join('\n');
    expect(table).toMatch(/^[\x00-\x7e]*$/);
    expect(table.split('\n')[1]).toBe('-----  --');
    const json = toSafeJson({ alias: '矿工 🚀' }, ascii);
    expect(json).toMatch(/^[\x00-\x7e]*$/);
    expect(JSON.parse(json)).toEqual({ alias: '矿工 🚀' });
    expect(truncate('abcdefghij', 6, glyphsFor(DEFAULT_TERMINAL).ellipsis)).toBe('abcde…');
    expect(toSafeJson({ alias: '矿工' }, DEFAULT_TERMINAL)).toBe('{"alias":"矿工"}');
  });
});

describe('clipboard under multiplexers', () => {
  it('plain OSC 52 outside and under tmux; DCS passthrough in pieces under screen; both when unsure', () => {
    expect(clipboardSequence('abc', 'none')).toBe('\x1b]52;c;YWJj\x07');
    expect(clipboardSequence('abc', 'tmux')).toBe(osc52('abc'));
    expect(clipboardSequence('abc', 'screen')).toBe('\x1bP\x1b]52;c;YWJj\x07\x1b\\');
    const long = clipboardSequence('x'.repeat(1000), 'screen');
    expect(long.split('\x1bP').length - 1).toBe(3); // 1336 base64 characters in pieces of 512
    expect(long.replace(/\x1b\\\x1bP/g, '')).toBe(`\x1bP${osc52('x'.repeat(1000))}\x1b\\`);
    expect(clipboardSequence('abc', 'screen-or-tmux')).toBe(
      osc52('abc') + clipboardSequence('abc', 'screen'),
    );
  });

  it('says what was sent, never that it was copied, and under tmux the setting that makes it work', () => {
    expect(clipboardNotice('ID', 'id-1', 'none')).toBe('Sent id-1 to the terminal clipboard (OSC 52).');
    const tmux = clipboardNotice('Link', 'stratum+tcp://x', 'tmux');
    expect(tmux).toBe('Link sent to the terminal clipboard (OSC 52) · tmux: set -g set-clipboard on');
    expect(tmux.length).toBeLessThanOrEqual(80);
    for (const mux of ['none', 'tmux', 'screen', 'screen-or-tmux'] as const) {
      expect(clipboardNotice('ID', 'x', mux)).not.toMatch(/copied/i);
    }
  });
});
