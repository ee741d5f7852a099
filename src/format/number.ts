/** `1234567` → `1,234,567`; not a finite number → `—`. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '—';
  return Math.trunc(n).toLocaleString('en-US');
}
