/**
 * The credit a hosting contract owes for the window, exactly (report/exact.ts), written to the
 * currency's places (8 for BTC and the like, else 2), half up.
 *
 * - The fee: the monthly fee for a window that is one UTC calendar month; otherwise the monthly
 *   fee × the window's length ÷ 30 days.
 * - `pro-rata`: fee × (SLA − uptime) ÷ SLA, and 0 when uptime ≥ SLA. Uptime is the exact ratio of
 *   worker-seconds up ÷ (up + down), not the rounded percent shown.
 * - `tiered`: fee × the credit % of the lowest tier whose `below` the uptime is under; 0 when it
 *   is under none.
 * No credit without a fee, without watched time, or (pro-rata) without an SLA.
 */
import { currencyPlaces } from '../format/decimal.js';
import { isBelow, type Rational, ratio, rationalOf, times, written } from './exact.js';
import type { ContractTerms, Credit, StatementWindow } from './types.js';

const MONTH_S = 30 * 86_400;
const DEFAULT_PLACES = 2;

export function creditPlaces(currency: string | null | undefined): number {
  return currencyPlaces(currency) ?? DEFAULT_PLACES;
}

/** The fee the window bears, as a rational; undefined without a monthly fee. */
function windowFee(terms: ContractTerms, window: StatementWindow): Rational | undefined {
  const fee = terms.monthlyFee === undefined ? undefined : rationalOf(terms.monthlyFee);
  if (!fee) return undefined;
  return window.calendarMonth ? fee : times(fee, ratio(window.to - window.from, MONTH_S));
}

export function creditOwed(
  terms: ContractTerms,
  window: StatementWindow,
  up: number,
  down: number,
): Credit | null | undefined {
  const fee = windowFee(terms, window);
  if (!fee) return undefined;
  const currency = terms.currency ?? null;
  const places = creditPlaces(currency);
  const total = Math.round(up + down);
  const base = { rule: terms.creditRule, fee: written(fee, places), currency };
  if (total <= 0) return null;
  const upS = BigInt(Math.round(up));
  if (terms.creditRule === 'pro-rata') {
    const sla = terms.sla === undefined ? undefined : rationalOf(terms.sla);
    if (!sla || sla.n === 0n) return undefined;
    // SLA − U over SLA, with SLA = s/100 and U = up/total: (s·total − 100·up) / (s·total).
    const short = sla.n * BigInt(total) - 100n * sla.d * upS;
    const amount = short <= 0n ? { n: 0n, d: 1n } : times(fee, { n: short, d: sla.n * BigInt(total) });
    return { ...base, amount: written(amount, places) };
  }
  const tiers = [...(terms.creditTiers ?? [])].filter((t) => isBelow(up, total, t.below));
  // The most severe tier the uptime is under: the lowest `below`.
  tiers.sort((a, b) => {
    const x = rationalOf(a.below)!;
    const y = rationalOf(b.below)!;
    return x.n * y.d < y.n * x.d ? -1 : 1;
  });
  const tier = tiers[0];
  const pct = tier ? rationalOf(tier.credit) : undefined;
  const amount = pct ? times(fee, { n: pct.n, d: pct.d * 100n }) : { n: 0n, d: 1n };
  return { ...base, amount: written(amount, places), tier: tier?.below ?? null };
}
