import { describe, expect, it } from 'vitest';
import { type AlertEntry, type Condition, firingEvents, judge } from '../../src/watch/rules.js';
import { groupEvents, GROUP_MIN } from '../../src/watch/group.js';

const offline = (worker: string): Condition => ({
  id: `worker_offline:farm:${worker}`,
  kind: 'worker_offline',
  severity: 'critical',
  account: 'farm',
  worker,
  metric: 'worker_offline',
  value: 0,
  summary: `farm: worker ${worker} offline`,
});

const FOR = 120_000;
/** Judges `steps` in turn, one a minute from t = 0; returns every step's events. */
function run(steps: Condition[][], opts: { forMs?: number; repeatMs?: number; book?: Map<string, AlertEntry> } = {}) {
  let book: ReadonlyMap<string, AlertEntry> = opts.book ?? new Map();
  const out = steps.map((conditions, i) => {
    const j = judge(book, conditions, i * 60_000, {
      forMs: opts.forMs ?? FOR,
      repeatMs: opts.repeatMs ?? 0,
      first: i === 0 && !opts.book,
    });
    book = j.book;
    return j.events.map((e) => `${e.status} ${e.worker}`);
  });
  return { out, book };
}

describe('judge: hold, flap, resolve, repeat', () => {
  const a = offline('a');
  it('fires once the condition has held for the hold time, and resolves after as long clear', () => {
    const { out } = run([[], [a], [a], [a], [a], [], [], [], []]);
    expect(out).toEqual([[], [], [], ['firing a'], [], [], [], ['resolved a'], []]);
  });
  it('a flap shorter than the hold sends nothing', () => {
    const { out } = run([[], [a], [], [a], [], []]);
    expect(out.flat()).toEqual([]);
  });
  it('a condition already there at the first sight does not fire in the first round, even with no hold', () => {
    const { out } = run([[a], [a]], { forMs: 0 });
    expect(out).toEqual([[], ['firing a']]);
  });
  it('returning inside the clear hold keeps it firing, without a new firing event', () => {
    const { out } = run([[], [a], [a], [a], [], [a], [a]]);
    expect(out).toEqual([[], [], [], ['firing a'], [], [], []]);
  });
  it('repeat re-sends a firing alert at that period; 0 never', () => {
    const steps = [[], [a], [a], [a], [a], [a], [a], [a]];
    expect(run(steps, { repeatMs: 120_000 }).out).toEqual([[], [], [], ['firing a'], [], ['firing a'], [], ['firing a']]);
    expect(run(steps, { repeatMs: 0 }).out.flat()).toEqual(['firing a']);
  });
  it('a book carried over (a restart) neither repeats what fired nor forgets it', () => {
    const { book } = run([[], [a], [a], [a]]);
    expect(firingEvents(book).map((e) => e.worker)).toEqual(['a']);
    // The restarted run: its first round knows the book, so nothing is sent again; then resolved.
    const restarted = run([[a], [], [], []], { book: new Map(book) });
    expect(restarted.out).toEqual([[], [], [], ['resolved a']]);
  });
  it('startsAt is when the worker was last seen, endsAt when it came back', () => {
    const c = { ...a, startedMs: 5_000 };
    let book: ReadonlyMap<string, AlertEntry> = new Map();
    const at = (conds: Condition[], t: number) => {
      const j = judge(book, conds, t, { forMs: FOR, repeatMs: 0, first: false });
      book = j.book;
      return j.events;
    };
    at([c], 60_000);
    const [fired] = at([c], 180_000);
    expect(fired).toMatchObject({ status: 'firing', startsAt: new Date(5_000).toISOString(), endsAt: null });
    at([], 240_000);
    const [resolved] = at([], 360_000);
    expect(resolved).toMatchObject({ status: 'resolved', endsAt: new Date(240_000).toISOString() });
  });
});

describe('groups', () => {
  it('many workers of one account changing in one round are one message naming the count and the first few', () => {
    const names = Array.from({ length: 12 }, (_, i) => `rig-${String(i).padStart(2, '0')}`);
    const { out, book } = run([[], names.map(offline), names.map(offline), names.map(offline)]);
    expect(out[3]).toHaveLength(12);
    const last = judge(book, [], 4 * 60_000, { forMs: 0, repeatMs: 0, first: false });
    const grouped = groupEvents(last.events);
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ status: 'resolved', worker: null, value: 12, workers: names });
    expect(grouped[0]?.summary).toBe('farm: 12 workers back: rig-00, rig-01, rig-02, rig-03, rig-04 and 7 more');
  });
  it('fewer than the group size stay one message each', () => {
    const two = ['x', 'y'].map(offline);
    expect(GROUP_MIN).toBeGreaterThan(two.length);
    const j = judge(new Map(), two, 0, { forMs: 0, repeatMs: 0, first: false });
    expect(groupEvents(j.events).map((e) => e.worker)).toEqual(['x', 'y']);
  });
});
