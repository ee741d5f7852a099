/** The rules a statement states in words, so a client can check its figures by hand. Pure. */
import { formatDuration } from '../format/time.js';
import type { AccountStatement } from './types.js';

export function statementRules(sample: number, accounts: readonly AccountStatement[]): string[] {
  const rules = [
    'Uptime is by worker-hours: time up ÷ (time up + time down) summed over the workers; time not watched counts in neither and is shown apart.',
    `Flap filter: a worker counts as out only when it is offline in at least two ${formatDuration(sample * 1000)} samples (instants every ${sample} s) less than an hour apart; a shorter drop counts as up and is shown apart as flaps.`,
    'Filled: time known from the pool\u2019s per-worker series rather than watched; a zero bucket there is down.',
  ];
  const used = new Set(accounts.map((a) => (a.credit ? a.terms.creditRule : null)));
  if (used.has('pro-rata')) {
    rules.push(
      'Credit (pro-rata): fee × (SLA − uptime) ÷ SLA, 0 at or above the SLA; uptime exact, not rounded.',
    );
  }
  if (used.has('tiered')) {
    rules.push(
      'Credit (tiered): fee × the credit % of the lowest tier whose bound the uptime is under; 0 under none.',
    );
  }
  if (used.size > 0 && !used.has(null)) {
    rules.push(
      'The fee is the monthly fee for a calendar month, else the monthly fee × the window\u2019s days ÷ 30.',
    );
  }
  return rules;
}
