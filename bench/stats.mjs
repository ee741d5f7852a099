// Small statistics and formatting helpers for the bench (no dependencies).

export function median(values) {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return Number.NaN;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}

/** Nearest-rank quantile, q in [0, 1]. */
export function quantile(values, q) {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return Number.NaN;
  return xs[Math.min(xs.length - 1, Math.max(0, Math.ceil(q * xs.length) - 1))];
}

/** "median (p10–p90, n=12)" */
export function spread(values, digits = 1) {
  const xs = values.filter((v) => Number.isFinite(v));
  if (xs.length === 0) return 'n/a';
  return `${fmt(median(xs), digits)} (p10–p90 ${fmt(quantile(xs, 0.1), digits)}–${fmt(quantile(xs, 0.9), digits)}, n=${xs.length})`;
}

export function fmt(value, digits = 1) {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toFixed(digits);
}

export function fmtBytes(bytes) {
  if (!Number.isFinite(bytes)) return 'n/a';
  if (Math.abs(bytes) >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
  if (Math.abs(bytes) >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${Math.round(bytes)} B`;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn` but rejects after `ms` (the work itself must be cancelled by the caller's cleanup). */
export async function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: timed out after ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
