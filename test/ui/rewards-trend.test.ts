import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/format/width.js';
import { yieldTrendLine } from '../../src/ui/mining/rewards-text.js';
import { rewards } from './helpers/mining-fakes.js';

const term = { unicode: true };
/** Five days, newest first: totals over 1 PH/s (1,000 TH/s) give yields of total ÷ 1,000. */
const history = ['0.0005', '0.00048', '0.00049', '0.0005', '0.00047'].map((total, i) => ({
  ...rewards(5)[i]!,
  totalReward: total,
  hashRate: 1e15,
  status: i === 1 ? 'canceled' : 'successful',
}));

describe('yieldTrendLine', () => {
  it('oldest to newest, lowest to highest yield shown, a canceled day a gap, the latest yield written out', () => {
    const line = yieldTrendLine(history, { width: 72, ascii: false, keys: 'm: months' }, term);
    // Oldest first: 0.00047, 0.0005, 0.00049, (canceled), 0.0005 → per TH/s 0.00000047…0.0000005.
    expect(line).toBe('Yield 30 d ▁█▆ █ 0.000000500000 BTC · m: months');
  });

  it('the latest yield skips a canceled newest day; ASCII; no hash rate, no yield', () => {
    const first = { ...history[0]!, status: 'canceled' };
    const line = yieldTrendLine([first, ...history.slice(1)], { width: 72, ascii: true, keys: 'm' }, term);
    expect(line).toBe('Yield 30 d _#+   0.000000490000 BTC · m');
    const none = yieldTrendLine(
      history.map((r) => ({ ...r, hashRate: null })),
      { width: 72, ascii: true, keys: 'm' },
      term,
    );
    expect(none).toBe('Yield 30 d       none yet · m');
  });

  it('narrow: fewer days, then none, never the keys; loading says so', () => {
    const narrow = yieldTrendLine(history, { width: 44, ascii: false, keys: 'm: months' }, term);
    // Room for two days: the canceled one (a gap) and the newest, the only yield, at the floor.
    expect(narrow).toBe('Yield 30 d  ▁ 0.000000500000 BTC · m: months');
    expect(displayWidth(narrow)).toBeLessThanOrEqual(44);
    const tiny = yieldTrendLine(history, { width: 24, ascii: false, keys: 'm: months' }, term);
    expect(tiny.endsWith(' · m: months')).toBe(true);
    expect(displayWidth(tiny)).toBeLessThanOrEqual(24);
    expect(yieldTrendLine(undefined, { width: 72, ascii: false, keys: 'm: days' }, term)).toBe(
      'Yield 30 d loading · m: days',
    );
  });
});
