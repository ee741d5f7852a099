/**
 * Series values kept as blocks of float32 (NaN: no value), one row per series, resolution and
 * block, small enough to stay inside a b-tree page: a 5-minute block is 6 hours (72 values), an
 * hourly one 4 days (96), a daily one 128 days. float32 keeps 7 digits, ample for a hash rate.
 */
export const RES_FINE = 300;
export const RES_HOUR = 3600;
export const RES_DAY = 86_400;

const SLOTS: Readonly<Record<number, number>> = { [RES_FINE]: 72, [RES_HOUR]: 96, [RES_DAY]: 128 };

export function slotsOf(res: number): number {
  const n = SLOTS[res];
  if (n === undefined) throw new Error(`no block layout for ${res}s`);
  return n;
}

/** Seconds a block of `res` covers. */
export const blockSpanS = (res: number) => res * slotsOf(res);

export function blockOf(res: number, ts: number): { block: number; slot: number } {
  const i = Math.floor(ts / res);
  const n = slotsOf(res);
  return { block: Math.floor(i / n), slot: i - Math.floor(i / n) * n };
}

export const blockStart = (res: number, block: number) => block * blockSpanS(res);

export function emptyBlock(res: number): Float32Array {
  return new Float32Array(slotsOf(res)).fill(Number.NaN);
}

/** Blocks are little-endian; on such a machine (nearly all) their bytes are the values. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** A block's stored values as they are (as many as it holds, no more than `slots`), read-only. */
export function blockValues(blob: Uint8Array, slots: number): Float32Array {
  const n = Math.min(slots, Math.floor(blob.byteLength / 4));
  if (LITTLE_ENDIAN) {
    if (blob.byteOffset % 4 === 0) return new Float32Array(blob.buffer, blob.byteOffset, n);
    return new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + n * 4));
  }
  const out = new Float32Array(n);
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  for (let i = 0; i < n; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

export function decodeBlock(res: number, blob: Uint8Array): Float32Array {
  const out = emptyBlock(res);
  out.set(blockValues(blob, out.length));
  return out;
}

export function encodeBlock(values: Float32Array): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i] ?? Number.NaN, true);
  return out;
}

/** The mean of `values[from..to)` when every one is there, else undefined (a partial roll-up would lie). */
export function wholeMean(values: Float32Array, from: number, to: number): number | undefined {
  let sum = 0;
  for (let i = from; i < to; i++) {
    const v = values[i] ?? Number.NaN;
    if (Number.isNaN(v)) return undefined;
    sum += v;
  }
  return sum / (to - from);
}
