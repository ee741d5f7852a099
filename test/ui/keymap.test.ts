import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import {
  bindingsFor,
  findBinding,
  KEYMAP,
  keyLabel,
  keyName,
  keysLabel,
  type Scope,
} from '../../src/ui/keymap.js';
import { TABS } from '../../src/ui/tabs.js';
import { NO_KEY } from './helpers/keys.js';

const noKey: Key = NO_KEY;

describe('keymap', () => {
  it('binds every key at most once across global and any one tab scope (or the help)', () => {
    const scopes: Scope[] = ['help', 'alerts', ...TABS.map((t) => t.scope)];
    for (const scope of scopes) {
      const keys = [...bindingsFor('global'), ...bindingsFor(scope)].flatMap((b) => [...b.keys]);
      expect(new Set(keys).size, `duplicate key in global+${scope}`).toBe(keys.length);
    }
  });

  it('has unique actions per scope and a description for each', () => {
    const ids = KEYMAP.map((b) => `${b.scope}:${b.action}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const b of KEYMAP) expect(b.description.length).toBeGreaterThan(3);
  });

  it('names Ink keypresses the way the table spells them', () => {
    expect(keyName('q', noKey)).toBe('q');
    expect(keyName('c', { ...noKey, ctrl: true })).toBe('ctrl+c');
    expect(keyName('', { ...noKey, tab: true })).toBe('tab');
    expect(keyName('', { ...noKey, tab: true, shift: true })).toBe('shift+tab');
    expect(keyName('', { ...noKey, escape: true, meta: true })).toBe('escape');
    expect(keyName('', { ...noKey, upArrow: true })).toBe('up');
    expect(keyName('pasted text', noKey)).toBe('');
  });

  it('finds bindings by scope and key', () => {
    expect(findBinding('global', 'q')?.action).toBe('quit');
    expect(findBinding('global', 'ctrl+c')?.action).toBe('quit');
    expect(findBinding('pool', 'y')?.action).toBe('copy-link');
    expect(findBinding('pool', 'down')?.action).toBe('next-link');
    expect(findBinding('pool', 't')?.action).toBe('chart-range');
    expect(findBinding('global', 'y')).toBeUndefined();
    expect(findBinding('pool', '')).toBeUndefined();
  });

  it('labels keys for people', () => {
    expect(keyLabel('ctrl+c')).toBe('Ctrl+C');
    expect(keyLabel('shift+tab')).toBe('Shift+Tab');
    expect(keyLabel('escape')).toBe('Esc');
    expect(keyLabel('?')).toBe('?');
    expect(
      keysLabel({ scope: 'global', action: 'tab', keys: ['1', '2', '3', '4'], description: 'tabs' }),
    ).toBe('1–4');
    expect(keysLabel({ scope: 'pool', action: 'x', keys: ['up', 'k'], description: 'up' })).toBe('↑ / k');
  });
});
