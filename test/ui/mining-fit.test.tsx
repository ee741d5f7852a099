/** The Mining tab at 120×40 (ink-testing-library): nothing is cut where there is room, amounts line up. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PooltopError } from '../../src/errors/pooltop-error.js';
import {
  clientOf,
  FakeMining,
  KEYS,
  keyedConfig,
  mountMining,
  waitForFrame,
} from './helpers/mining-fakes.js';
import { keyOf } from './helpers/keys.js';

beforeAll(() => {
  process.env.TZ = 'UTC';
});

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
});

function mount(fake = new FakeMining()) {
  const view = mountMining({ client: clientOf(fake), width: 120, height: 40 });
  cleanup.push(() => view.unmount());
  const press = async (keys: string, until: (f: string) => boolean) => {
    view.stdin.write(keys);
    return waitForFrame(view.frame, until);
  };
  return { ...view, fake, press };
}

const rowsLoaded = (f: string) => /rig-0001\s+100 TH\/s/.test(f);
const titleLine = (f: string) => f.split('\n').find((l) => l.includes('Rewards 1')) ?? '';
/** The column where the rewards pane starts: the split between chart and rewards. */
const split = (f: string) => titleLine(f).indexOf('Rewards ');

describe('Mining tab at 120×40', () => {
  it('writes rewards to the currency places, decimal points in one column, and keeps the ] older hint', async () => {
    const fake = new FakeMining();
    // As the API writes them: trailing zeros left off.
    const amounts = ['0.0018248', '0.00175694', '0.001764', '0.0017989', '0.001702', '1.5'];
    fake.rewardList = fake.rewardList.map((r, i) => ({ ...r, reward: amounts[i % amounts.length] ?? '0' }));
    const v = mount(fake);
    const f = await waitForFrame(v.frame, (x) => x.includes('newest first') && /\d BTC/.test(x));
    const lines = f.split('\n').filter((l) => /\d{4}-\d\d-\d\d (pending|successful|canceled)/.test(l));
    expect(lines.length).toBeGreaterThan(5);
    expect(f).toContain('0.00182480 BTC');
    expect(f).toContain('1.50000000 BTC');
    // The reward after fee's point (the yield beside it has a column of its own).
    const points = new Set(
      lines.map((l) => {
        const m = /(\d+\.\d{8}) BTC/.exec(l);
        return m ? m.index + m[1]!.indexOf('.') : -1;
      }),
    );
    expect(points.size, lines.join('\n')).toBe(1);
    const title = titleLine(f);
    expect(title).toMatch(/after fee \d+\.\d{8} BTC.* · \] older$/);
    expect(title).not.toContain('…');
    const older = await v.press(keyOf('mining', 'older-rewards'), (x) =>
      /Rewards \d+–\d+,? .*\[ newer · \] older/.test(x),
    );
    expect(older).not.toMatch(/Rewards \d+–.*…/);
  });

  it('titles each worker chart whole, labels the daily axis to its end, and the split never moves', async () => {
    const v = mount();
    let f = await waitForFrame(v.frame, (x) => rowsLoaded(x) && x.includes('Rewards 1'));
    const at = split(f);
    expect(at).toBeGreaterThan(40);
    for (const interval of ['5m', '1h', '24h']) {
      f = await v.press(keyOf('mining', 'chart-interval'), (x) => split(x) >= 0 && /H\/s[┼┤]/.test(x));
      expect(split(f), interval).toBe(at);
    }
    f = await v.press(KEYS.down, (x) => /› rig-0002/.test(x));
    f = await v.press(KEYS.enter, (x) => x.includes('Worker rig-0002 ·') && /TH\/s[┼┤]/.test(x));
    const titles: string[] = [];
    for (const next of ['hourly', 'daily', '5 min points']) {
      titles.push(titleLine(f).slice(0, at));
      expect(split(f)).toBe(at);
      f = await v.press(
        keyOf('mining', 'chart-interval'),
        (x) => x.includes(`Worker rig-0002 · ${next}`) && /TH\/s[┼┤]/.test(x),
      );
      if (next === 'daily') {
        // The newest day's label ends at the chart's last column, whole.
        const axis = f.split('\n').find((l) => /^\s+╵/.test(l)) ?? '';
        expect(axis.slice(0, at)).toMatch(/[A-Z][a-z]{2} \d\d╵\s*$/);
      }
    }
    for (const t of titles) {
      expect(t).toMatch(/^Worker rig-0002 · .+ \(t: [^)]+ · Esc\)\s*$/);
      expect(t).not.toContain('…');
    }
  });

  it("an account the key does not have: said in pooltop's words, with the accounts it has", async () => {
    const fake = new FakeMining();
    const notFound = new PooltopError('validation', 'Validation failed', {
      status: 400,
      fields: { user: ["Mining pool account 'ghost' not found"] },
    });
    fake.fail = (_op, q) => (q.account === 'ghost' ? notFound : undefined);
    const view = mountMining({
      client: clientOf(fake),
      width: 120,
      height: 40,
      config: {
        ...keyedConfig,
        miningAccount: 'ghost',
        sources: { ...keyedConfig.sources, miningAccount: 'flag' },
      },
    });
    cleanup.push(() => view.unmount());
    const names = fake.accountList.map((a) => a.name).join(', ');
    const f = await waitForFrame(
      view.frame,
      (x) => x.includes('no mining account "ghost"') && x.includes(names),
    );
    expect(f).toContain(
      `error: no mining account "ghost" on this API key; it has 3: ${names} · a chooses one`,
    );
    expect(f).not.toContain('Validation failed');
  });
});
