/** `1234567` → `1,234,567`; not a finite number (or none) → `—`. */
export function formatCount(n: number | null | undefined): string {
  if (n == null || !Number.isFinite(n)) return '—';
  const whole = Math.trunc(n);
  // Grouped by hand: the first toLocaleString call sets up Intl, which start-up need not pay for.
  if (Math.abs(whole) >= 1e21) return whole.toLocaleString('en-US');
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}
