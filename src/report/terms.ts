/**
 * Contract terms: `[report]` (defaults) and `[report.accounts.NAME]` in pooltop's preferences
 * file, then the command's flags over both. A term left out stays out (its figure is not shown);
 * only the outage threshold (30 minutes) and the credit rule (pro-rata) have defaults.
 *
 *   [report]
 *   sla = "95%"
 *   outage_threshold = "30m"
 *
 *   [report.accounts.main_farm]
 *   contracted_hashrate = "100 TH/s"
 *   monthly_fee = "1200"
 *   currency = "USDT"
 *   credit_rule = "tiered"
 *   credit_tiers = [{ below = "99%", credit = "10%" }, { below = "95%", credit = "25%" }]
 *
 * Every bad value is one line naming the file (or flag) and the key; no value is echoed but
 * the first characters of a string.
 */
import { isTable, tomlTypeName } from '../config/config-file.js';
import { DURATION_EXAMPLES, parseDurationS } from '../config/duration.js';
import { PooltopError } from '../errors/pooltop-error.js';
import { rationalOf } from './exact.js';
import { CREDIT_RULES, type ContractTerms, type CreditRule, type CreditTier } from './types.js';

export const OUTAGE_THRESHOLD_DEFAULT_S = 1800;

/** Terms as written, each optional, before defaults. */
export type TermsPatch = Partial<ContractTerms>;

export interface TermsTable {
  defaults: TermsPatch;
  accounts: Readonly<Record<string, TermsPatch>>;
}

export const NO_TERMS: TermsTable = { defaults: {}, accounts: {} };

const KEYS = [
  'contracted_hashrate',
  'sla',
  'monthly_fee',
  'currency',
  'outage_threshold',
  'credit_rule',
  'credit_tiers',
] as const;
export type TermKey = (typeof KEYS)[number];

const SI: Readonly<Record<string, number>> = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

/** `"100 TH/s"`, `"100T"`, `"1.5 PH/s"`, `"250000000000000"` → H/s; undefined otherwise. */
export function parseRateTerm(text: string): number | undefined {
  const m = /^(\d{1,15}(?:\.\d{1,12})?)\s*([kMGTPE]?)(?:H\/s|H)?$/.exec(text.trim());
  if (!m) return undefined;
  const value = Number(m[1]) * (SI[m[2] ?? ''] ?? 1);
  return value > 0 && Number.isFinite(value) ? value : undefined;
}

/** `"95%"`, `"99.5 %"` → `"95"`, `"99.5"` (exact text); undefined unless 0 < p ≤ 100. */
export function parsePercentTerm(text: string): string | undefined {
  const m = /^(\d{1,3}(?:\.\d{1,6})?)\s*%$/.exec(text.trim());
  if (!m?.[1]) return undefined;
  const r = rationalOf(m[1]);
  if (!r || r.n === 0n || r.n > 100n * r.d) return undefined;
  return m[1].replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

/** A non-negative decimal amount, exact: `"1200"`, `"1200.50"`. */
export function parseAmountTerm(text: string): string | undefined {
  const t = text.trim();
  return /^\d{1,15}(?:\.\d{1,18})?$/.test(t) ? t : undefined;
}

function clipped(v: unknown): string {
  return typeof v === 'string' ? `"${v.slice(0, 20)}"` : tomlTypeName(v);
}

/** One term from a string (a flag's or the file's); throws `problem(what)` when it cannot be read. */
export function termValue(key: TermKey, raw: unknown, problem: (what: string) => PooltopError): TermsPatch {
  if (key === 'credit_tiers') return { creditTiers: tiersOf(raw, problem) };
  // Integers are accepted where a number is meant (a fee of 1200); floats are not: money is text.
  const text =
    typeof raw === 'bigint' || (typeof raw === 'number' && Number.isInteger(raw)) ? String(raw) : raw;
  if (typeof text !== 'string') throw problem(`must be a string, not ${clipped(raw)}`);
  switch (key) {
    case 'contracted_hashrate': {
      const v = parseRateTerm(text);
      if (v === undefined) throw problem(`must be a hash rate such as "100 TH/s", not ${clipped(text)}`);
      return { contractedHashrate: v };
    }
    case 'sla': {
      const v = parsePercentTerm(text);
      if (v === undefined)
        throw problem(`must be a percent such as "95%" (more than 0, at most 100), not ${clipped(text)}`);
      return { sla: v };
    }
    case 'monthly_fee': {
      const v = parseAmountTerm(text);
      if (v === undefined)
        throw problem(`must be an amount such as "1200" or "1200.50", not ${clipped(text)}`);
      return { monthlyFee: v };
    }
    case 'currency': {
      if (!/^[A-Za-z0-9]{1,12}$/.test(text))
        throw problem(`must be a currency code such as "USDT", not ${clipped(text)}`);
      return { currency: text.toUpperCase() };
    }
    case 'outage_threshold': {
      const v = parseDurationS(text);
      if (v === undefined || v <= 0)
        throw problem(`must be a duration such as ${DURATION_EXAMPLES}, not ${clipped(text)}`);
      return { outageThreshold: v };
    }
    case 'credit_rule': {
      if (!(CREDIT_RULES as readonly string[]).includes(text)) {
        throw problem(`must be ${CREDIT_RULES.map((r) => `"${r}"`).join(' or ')}, not ${clipped(text)}`);
      }
      return { creditRule: text as CreditRule };
    }
  }
}

function tiersOf(raw: unknown, problem: (what: string) => PooltopError): CreditTier[] {
  const shape = 'must be a list of tiers such as [{ below = "95%", credit = "25%" }]';
  if (!Array.isArray(raw) || raw.length === 0) throw problem(shape);
  return raw.map((tier) => {
    if (!isTable(tier) || typeof tier.below !== 'string' || typeof tier.credit !== 'string')
      throw problem(shape);
    const below = parsePercentTerm(tier.below);
    const credit = parsePercentTerm(tier.credit);
    if (below === undefined || credit === undefined)
      throw problem(`${shape}: percents more than 0, at most 100`);
    const extra = Object.keys(tier).find((k) => k !== 'below' && k !== 'credit');
    if (extra) throw problem(`${shape}: unknown key ${extra.slice(0, 40)}`);
    return { below, credit };
  });
}

function patchOf(value: unknown, path: string, at: string): TermsPatch {
  const problem = (key: string) => (what: string) =>
    new PooltopError('config', `${path}: ${at}${key}: ${what}`);
  if (!isTable(value)) throw problem('')(`must be a table, not ${tomlTypeName(value)}`);
  let patch: TermsPatch = {};
  for (const [key, v] of Object.entries(value)) {
    if (at === 'report.' && key === 'accounts') continue;
    if (!(KEYS as readonly string[]).includes(key)) {
      throw problem(key.slice(0, 40))(
        `unknown key (known: ${KEYS.join(', ')}${at === 'report.' ? ', accounts' : ''})`,
      );
    }
    patch = { ...patch, ...termValue(key as TermKey, v, problem(key)) };
  }
  return patch;
}

/** The `[report]` table of the preferences file (`path` names it in messages). */
export function termsFromToml(value: unknown, path: string): TermsTable {
  if (value === undefined) return NO_TERMS;
  if (!isTable(value)) throw new PooltopError('config', `${path}: report: must be a table ([report])`);
  const defaults = patchOf(value, path, 'report.');
  const accounts: Record<string, TermsPatch> = {};
  if (value.accounts !== undefined) {
    if (!isTable(value.accounts))
      throw new PooltopError('config', `${path}: report.accounts: must be a table`);
    for (const [name, table] of Object.entries(value.accounts)) {
      accounts[name] = patchOf(table, path, `report.accounts.${name.slice(0, 40)}.`);
    }
  }
  return { defaults, accounts };
}

/** An account's terms: the file's defaults, its own table, then the flags; defaults for the rest. */
export function termsFor(table: TermsTable, flags: TermsPatch, account: string): ContractTerms {
  const own = Object.hasOwn(table.accounts, account) ? table.accounts[account] : undefined;
  const merged: TermsPatch = { ...table.defaults, ...own, ...flags };
  const terms: ContractTerms = {
    ...merged,
    outageThreshold: merged.outageThreshold ?? OUTAGE_THRESHOLD_DEFAULT_S,
    creditRule: merged.creditRule ?? 'pro-rata',
  };
  return terms;
}

/** A tiered rule needs its tiers: one line naming the account. */
export function checkTerms(terms: ContractTerms, account: string): void {
  if (terms.creditRule === 'tiered' && (terms.creditTiers?.length ?? 0) === 0) {
    throw new PooltopError(
      'config',
      `report: ${account.slice(0, 40)}: credit_rule "tiered" needs credit_tiers`,
    );
  }
}
