/** The input layer: one read split into keypresses, each through the keymap in order; pastes never keys. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keypressesOf } from '../../src/ui/keypress.js';
import { NO_KEY } from './helpers/keys.js';
import { loaded, startApp, unmountApps, waitForFrame } from './helpers/harness.js';
import { withTempStateDir } from './helpers/state-dir.js';

withTempStateDir();
beforeAll(() => {
  process.env.TZ = 'UTC';
});
afterEach(unmountApps);

const names = (input: string, key = NO_KEY) => keypressesOf(input, key).map((k) => k.name);

describe('keypresses of one read', () => {
  it('cuts a run of typed characters into one keypress each, by grapheme', () => {
    expect(names('jjjj')).toEqual(['j', 'j', 'j', 'j']);
    expect(names('--')).toEqual(['-', '-']);
    expect(keypressesOf('e\u0301🚀x', NO_KEY).map((k) => k.text)).toEqual(['e\u0301', '🚀', 'x']);
    expect(names('q')).toEqual(['q']);
  });

  it('turns control characters inside a run into their keys', () => {
    expect(names('q\r')).toEqual(['q', 'enter']);
    expect(names('a\tb')).toEqual(['a', 'tab', 'b']);
    expect(names('\x7f\x7f')).toEqual(['backspace', 'backspace']);
    expect(names('x\x0c\x1a')).toEqual(['x', 'ctrl+l', 'ctrl+z']);
    expect(keypressesOf('q\r', NO_KEY).map((k) => k.text)).toEqual(['q', '']);
  });

  it('reads an Esc glued to the next key as Esc, then that key', () => {
    expect(names('j', { ...NO_KEY, meta: true })).toEqual(['escape', 'j']);
    expect(names('', { ...NO_KEY, meta: true, downArrow: true })).toEqual(['escape', 'down']);
    expect(names('', { ...NO_KEY, escape: true })).toEqual(['escape']);
  });

  it('keeps keys Ink already named as they are', () => {
    expect(names('', { ...NO_KEY, upArrow: true })).toEqual(['up']);
    expect(names('l', { ...NO_KEY, ctrl: true })).toEqual(['ctrl+l']);
    expect(names('', { ...NO_KEY, tab: true, shift: true })).toEqual(['shift+tab']);
    expect(names('', { ...NO_KEY, backspace: true })).toEqual(['backspace']);
  });
});

describe('keys that arrive together, in the dashboard', () => {
  it('each act in order, as if typed one by one', async () => {
    const { app } = startApp({ columns: 100, rows: 30 });
    await waitForFrame(app.frame, loaded);
    app.press('?j'); // the help opens, and j scrolls it at once
    let f = await waitForFrame(app.frame, (x) => x.includes('closes this help'));
    app.press('\x1b3'); // Esc closes it, then 3 goes to the Sub-accounts tab
    f = await waitForFrame(
      app.frame,
      (x) => x.includes('[3 Sub-accounts]') && !x.includes('closes this help'),
    );
    app.press('1jjy'); // back to the pool tab, the third link, and copy it
    f = await waitForFrame(app.frame, (x) => x.includes('[1 Pool]') && x.includes('terminal clipboard'));
    expect(f).toContain('Sent stratum+tcp://eu2.pool.example:443 to the terminal clipboard');
    expect(app.onQuit).not.toHaveBeenCalled();
  });

  it('a paste is never keys: on the pool tab it does nothing', async () => {
    const { app } = startApp({ columns: 100, rows: 30 });
    await waitForFrame(app.frame, loaded);
    app.press('\x1b[200~q?2\x1b[201~');
    app.press('t'); // a key after it still acts
    const f = await waitForFrame(app.frame, (x) => x.includes('last 24 hours'));
    expect(f).toContain('[1 Pool]');
    expect(f).not.toContain('closes this help');
    expect(app.onQuit).not.toHaveBeenCalled();
  });

  it('an answer from the terminal is never keys: its digits do not switch tabs', async () => {
    const { app } = startApp({ columns: 100, rows: 30 });
    await waitForFrame(app.frame, loaded);
    app.press('2');
    await waitForFrame(app.frame, (x) => x.includes('[2 Mining]'));
    app.press('\x1b]11;rgb:ffff/ffff/ffff\x07');
    app.press('\x1b]11;rgb:0/0/0\x1b\\');
    app.press('?'); // a key after them still acts
    const f = await waitForFrame(app.frame, (x) => x.includes('closes this help'));
    expect(f).toContain('[2 Mining]');
    expect(app.onQuit).not.toHaveBeenCalled();
  });

  it('a click on a tab label opens that tab; a click beside the labels does nothing', async () => {
    const { app } = startApp({ columns: 100, rows: 30 });
    await waitForFrame(app.frame, loaded);
    const bar = app.frame().split('\n')[0] ?? '';
    const at = bar.indexOf('3 Sub-accounts') + 2; // 1-based column of a cell inside the label
    app.press(`\x1b[<0;${bar.indexOf('pooltop') + 2};1M\x1b[<0;${bar.indexOf('pooltop') + 2};1m`);
    app.press(`\x1b[<0;${at};1M\x1b[<0;${at};1m`);
    const f = await waitForFrame(app.frame, (x) => x.includes('[3 Sub-accounts]'));
    expect(f).not.toContain('[1 Pool]');
    app.press('\x1b[<0;2;1M'); // on the name: no tab
    app.press('\x1b[<65;2;1M'); // the wheel on the tab bar: nothing
    app.press('?');
    expect(await waitForFrame(app.frame, (x) => x.includes('closes this help'))).toContain(
      '[3 Sub-accounts]',
    );
  });
});
