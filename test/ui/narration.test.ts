/** Screen-reader mode: a frame read out as lines worth hearing; the narrator writes only what it is told. */
import { describe, expect, it } from 'vitest';
import { alertLine, keyLines } from '../../src/ui/narration/lines.js';
import { createNarrator } from '../../src/ui/narration/narrator.js';
import { spokenLines } from '../../src/ui/narration/spoken-lines.js';

describe('spokenLines', () => {
  it('turns a padded label and its value into `label: value`, further columns after commas', () => {
    expect(spokenLines('Token type      Bearer\nExpires    in 4m (04:39)')).toEqual([
      'Token type: Bearer',
      'Expires: in 4m (04:39)',
    ]);
    expect(spokenLines('  Height │ Found at            │ Age  ')).toEqual(['Height: Found at, Age']);
  });

  it('drops colour codes, borders, charts and lines with nothing to say', () => {
    const frame = '\x1b[36m┌────┐\x1b[39m\n│ ⣿⣀ │\n▁▂▃▅\n\nHash rate \x1b[1m199 PH/s\x1b[22m';
    expect(spokenLines(frame)).toEqual(['Hash rate 199 PH/s']);
  });
});

describe('the narrator', () => {
  it('writes lines as told, sanitised, and a frame only when asked to read the next one', () => {
    const out: string[] = [];
    const n = createNarrator((t) => out.push(t), { unicode: true });
    n.frame('Hash rate   1 PH/s');
    expect(out).toEqual([]);
    n.say('Tab 1: Pool', 'evil \x1b[2Jname');
    n.readNextFrame('Pool (LIVE):');
    n.frame('Hash rate   1 PH/s');
    n.frame('Hash rate   2 PH/s');
    expect(out.join('')).toBe('Tab 1: Pool\nevil name\nPool (LIVE):\nHash rate: 1 PH/s\n');
  });

  it('spells out alerts and keys', () => {
    expect(
      alertLine({
        seq: 1,
        atMs: 0,
        id: 'pool:hashrate',
        label: 'hashrate',
        from: 'ok',
        to: 'critical',
        value: '90 PH/s',
      }),
    ).toBe('Alert CRITICAL: hashrate 90 PH/s (was OK)');
    expect(
      alertLine({
        seq: 2,
        atMs: 0,
        id: 'pool:hashrate',
        label: 'hashrate',
        from: 'critical',
        to: 'ok',
        value: '190 PH/s',
      }),
    ).toBe('Alert resolved: hashrate 190 PH/s (was CRITICAL)');
    const keys = keyLines('accounts', 'Sub-accounts');
    expect(keys[0]).toBe('Keys everywhere:');
    expect(keys).toContain('q / Ctrl+C: Quit');
    expect(keys).toContain('Keys of the Sub-accounts tab:');
    expect(keyLines('global', 'Pool')).not.toContain('Keys of the Pool tab:');
  });
});
