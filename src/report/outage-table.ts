/**
 * An account's outages as columns (types.ts's OutageTable): a month of 100,000 workers has
 * millions of them, and held as objects they kept the garbage collector busy for most of a
 * statement's time. `OutageColumns` takes each outage as presence.ts closes it and hands back
 * the table in order of start, then worker; `outageAt` reads one as an Outage. Pure.
 */
import type { Outage, OutageTable } from './types.js';

export class OutageColumns {
  private n = 0;
  private worker = new Int32Array(256);
  private start = new Float64Array(256);
  private end = new Float64Array(256);
  private seconds = new Float64Array(256);
  private lastPresentAt = new Float64Array(256);
  private firstMissingAt = new Float64Array(256);
  private filled = new Uint8Array(256);

  /** `names`: the account's workers, indexed as `add` gets them. */
  constructor(private readonly names: readonly string[]) {}

  add(
    worker: number,
    start: number,
    end: number,
    lastPresentAt: number | null,
    firstMissingAt: number | null,
    filled: boolean,
  ): void {
    if (this.n === this.start.length) this.grow();
    const k = this.n++;
    this.worker[k] = worker;
    this.start[k] = start;
    this.end[k] = end;
    this.seconds[k] = end - start;
    this.lastPresentAt[k] = lastPresentAt ?? Number.NaN;
    this.firstMissingAt[k] = firstMissingAt ?? Number.NaN;
    this.filled[k] = filled ? 1 : 0;
  }

  /** The outages by start, then worker name. */
  table(from: number): OutageTable {
    const order = this.order(from);
    const n = this.n;
    const pick = <T extends Float64Array | Int32Array | Uint8Array>(column: T, into: T): T => {
      for (let i = 0; i < n; i++) into[i] = column[order[i]!]!;
      return into;
    };
    return {
      length: n,
      names: this.names,
      worker: pick(this.worker, new Int32Array(n)),
      start: pick(this.start, new Float64Array(n)),
      end: pick(this.end, new Float64Array(n)),
      seconds: pick(this.seconds, new Float64Array(n)),
      lastPresentAt: pick(this.lastPresentAt, new Float64Array(n)),
      firstMissingAt: pick(this.firstMissingAt, new Float64Array(n)),
      filled: pick(this.filled, new Uint8Array(n)),
    };
  }

  /**
   * By start, then worker name: whole seconds from the window's start radix-sorted (two stable
   * passes of 16 bits) over an order by worker name (a comparator sort of a million outages is
   * slow, and the equal starts of a fleet going down at once are many).
   */
  private order(from: number): Int32Array {
    const n = this.n;
    const rank = this.nameRanks();
    let order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    const keys = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      const rel = this.start[i]! - from;
      if (!(Number.isInteger(rel) && rel >= 0 && rel < 2 ** 32)) {
        return order.sort(
          (a, b) => this.start[a]! - this.start[b]! || rank[this.worker[a]!]! - rank[this.worker[b]!]!,
        );
      }
      keys[i] = rel;
    }
    let next = new Int32Array(n);
    const pass = (key: (i: number) => number, buckets: number) => {
      const count = new Int32Array(buckets + 1);
      for (let i = 0; i < n; i++) count[key(order[i]!) + 1]!++;
      for (let b = 1; b < count.length; b++) count[b]! += count[b - 1]!;
      for (let i = 0; i < n; i++) next[count[key(order[i]!)]!++] = order[i]!;
      [order, next] = [next, order];
    };
    pass((i) => rank[this.worker[i]!]!, this.names.length);
    pass((i) => keys[i]! & 0xffff, 0x10000);
    pass((i) => keys[i]! >>> 16, 0x10000);
    return order;
  }

  /** Each worker's place in name order. */
  private nameRanks(): Int32Array {
    const byName = this.names.map((_, i) => i).sort((a, b) => this.names[a]!.localeCompare(this.names[b]!));
    const rank = new Int32Array(this.names.length);
    byName.forEach((w, k) => {
      rank[w] = k;
    });
    return rank;
  }

  private grow(): void {
    const size = this.start.length * 2;
    const more = <T extends Float64Array | Int32Array | Uint8Array>(a: T, b: T): T => {
      b.set(a);
      return b;
    };
    this.worker = more(this.worker, new Int32Array(size));
    this.start = more(this.start, new Float64Array(size));
    this.end = more(this.end, new Float64Array(size));
    this.seconds = more(this.seconds, new Float64Array(size));
    this.lastPresentAt = more(this.lastPresentAt, new Float64Array(size));
    this.firstMissingAt = more(this.firstMissingAt, new Float64Array(size));
    this.filled = more(this.filled, new Uint8Array(size));
  }
}

const orNull = (t: number) => (Number.isNaN(t) ? null : t);

export function outageAt(t: OutageTable, i: number): Outage {
  return {
    worker: t.names[t.worker[i]!] ?? '',
    start: t.start[i]!,
    end: t.end[i]!,
    seconds: t.seconds[i]!,
    lastPresentAt: orNull(t.lastPresentAt[i]!),
    firstMissingAt: orNull(t.firstMissingAt[i]!),
    filled: t.filled[i] === 1,
  };
}

/** The longest `n` outages, longest first, then earliest (Markdown and HTML list these; CSV and JSON all). */
export function longestOutages(t: OutageTable, n: number): Outage[] {
  if (n <= 0) return [];
  // Before: longer, or as long and earlier, or the same and listed first.
  const before = (a: number, b: number) => t.seconds[b]! - t.seconds[a]! || t.start[a]! - t.start[b]!;
  // One pass keeping the best n (sorting a million outages for ten is slow).
  const best: number[] = [];
  for (let k = 0; k < t.length; k++) {
    if (best.length === n && before(k, best[n - 1]!) >= 0) continue;
    let i = best.length < n ? best.length : n - 1;
    while (i > 0 && before(k, best[i - 1]!) < 0) {
      best[i] = best[i - 1]!;
      i--;
    }
    best[i] = k;
  }
  return best.map((k) => outageAt(t, k));
}
