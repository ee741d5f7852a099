/**
 * What an audit says about one API key (`pooltop audit keys`, `check subaccounts`, the watcher):
 *
 * - `no-ip-restriction`: enabled, and usable from any address (its IP list is empty);
 * - `idle`: not used for longer than the idle limit; `never-used`: no activity at all;
 * - `moves-money`: may withdraw or transfer: type 2 (info, trading, deposits and withdrawals), or
 *   an allowed endpoint that withdraws or transfers;
 * - `disabled`: disabled but kept (delete what is not used).
 * Pure: the time and the idle limit are given.
 */
import type { KeyWithIps } from '../api/load-keys.js';

export const FINDINGS = ['no-ip-restriction', 'idle', 'never-used', 'moves-money', 'disabled'] as const;
export type Finding = (typeof FINDINGS)[number];

/** What each finding means, in a few words (summaries, help). */
export const FINDING_TEXT: Readonly<Record<Finding, string>> = {
  'no-ip-restriction': 'enabled without IP restriction',
  idle: 'idle longer than the limit',
  'never-used': 'never used',
  'moves-money': 'may withdraw or transfer',
  disabled: 'disabled but kept',
};

/** The type that adds deposits and withdrawals to info and trading. */
const WITHDRAW_TYPE = '2';
const MONEY_ENDPOINT = /withdraw|transfer/i;

export interface AuditOptions {
  nowSec: number;
  /** Longer than this without activity is idle, seconds. */
  idleSeconds: number;
}

export function keyFindings({ key, ips }: KeyWithIps, { nowSec, idleSeconds }: AuditOptions): Finding[] {
  const found: Finding[] = [];
  const enabled = key.isEnabled !== false;
  if (enabled && ips.length === 0) found.push('no-ip-restriction');
  if (key.lastActivity == null) found.push('never-used');
  else if (nowSec - key.lastActivity > idleSeconds) found.push('idle');
  if (movesMoney(key)) found.push('moves-money');
  if (key.isEnabled === false) found.push('disabled');
  return found;
}

/** Whether a key may withdraw or transfer: its type says so, or an allowed endpoint does. */
export function movesMoney(key: KeyWithIps['key']): boolean {
  if (key.type?.trim() === WITHDRAW_TYPE) return true;
  return key.accessEndpoints.some((e) => e.name != null && MONEY_ENDPOINT.test(e.name));
}
