import { describe, expect, it } from 'vitest';
import { loadPreferences } from '../../src/alerts/preferences.js';

const prefs = (text: string) =>
  loadPreferences({ XDG_CONFIG_HOME: '/cfg' }, { read: () => ({ text }) as never });

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
};

describe('[history] in the preferences file', () => {
  it('is on, keeping 5-minute values 35 days, unless it says otherwise', () => {
    expect(prefs('').history).toEqual({ enabled: true, keepFineS: 35 * 86_400 });
    expect(prefs('[history]\nenabled = false\nkeep_fine = "90d"\n').history).toEqual({
      enabled: false,
      keepFineS: 90 * 86_400,
    });
  });

  it('says what is wrong in one line naming the file and the key', () => {
    const at = '/cfg/pooltop/config.toml';
    expect(message(() => prefs('[history]\nenabled = "yes"\n'))).toBe(
      `${at}: history.enabled: must be true or false, not string`,
    );
    expect(message(() => prefs('[history]\nkeep_fine = "soon"\n'))).toBe(
      `${at}: history.keep_fine: must be a duration such as 30s, 10m, 2h or 1d`,
    );
    expect(message(() => prefs('[history]\nkeep_fine = "2h"\n'))).toBe(
      `${at}: history.keep_fine: must be between 1d and 400d`,
    );
    expect(message(() => prefs('[history]\nkeep = 1\n'))).toBe(
      `${at}: history.keep: unknown key (known: enabled, keep_fine)`,
    );
    expect(message(() => prefs('history = 3\n'))).toBe(
      `${at}: history: must be a table ([history]), not an integer`,
    );
  });
});
