/** `[ui]` in the preferences file: theme, mouse and title; every bad value one line naming the file and the key. */
import { describe, expect, it } from 'vitest';
import { loadPreferences } from '../../src/alerts/preferences.js';

const PATH = '/cfg/pooltop/config.toml';
const load = (text: string) => loadPreferences({ XDG_CONFIG_HOME: '/cfg' }, { read: () => ({ text }) });
const problem = (text: string): string => {
  try {
    load(text);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('no problem found');
};

describe('[ui]', () => {
  it('reads theme, mouse and title; absent means the defaults', () => {
    expect(load('[ui]\ntheme = "light"\nmouse = false\n').ui).toEqual({ theme: 'light', mouse: false });
    expect(load('[ui]\ntitle = false\n').ui).toEqual({ title: false });
    expect(load('[ui]\ntheme = "auto"\n').ui).toEqual({ theme: 'auto' });
    expect(load('').ui).toEqual({});
    expect(loadPreferences({ XDG_CONFIG_HOME: '/nowhere-at-all' }).ui).toEqual({});
  });

  it('says what is wrong in one line naming the file and the key', () => {
    expect(problem('[ui]\ntheme = "blue"\n')).toBe(
      `${PATH}: ui.theme: must be one of "auto", "dark", "light", not "blue"`,
    );
    expect(problem('[ui]\ntheme = 1\n')).toBe(
      `${PATH}: ui.theme: must be one of "auto", "dark", "light", not an integer`,
    );
    expect(problem('[ui]\ntitle = "off"\n')).toBe(`${PATH}: ui.title: must be true or false, not "off"`);
    expect(problem('[ui]\nmouse = "no"\n')).toBe(`${PATH}: ui.mouse: must be true or false, not "no"`);
    expect(problem('[ui]\ncolour = "x"\n')).toBe(`${PATH}: ui.colour: unknown key (known: theme, mouse, title)`);
    expect(problem('ui = 3\n')).toBe(`${PATH}: ui: must be a table ([ui]), not an integer`);
    for (const text of ['[ui]\ntheme = "blue"\n', '[ui]\nmouse = 1\n'])
      expect(problem(text)).not.toContain('\n');
  });
});
