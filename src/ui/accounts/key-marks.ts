/**
 * The Keys column's cell and the detail pane's key, transfer and waiting-withdrawal lines, as
 * text: a mark always carries the meaning, colour only repeats it. Pure; network text (titles,
 * endpoint names, addresses, currencies) is sanitised here.
 *
 * Marks (the help lists them from keymap.ts's HELP_NOTES, as docs/usage.md does):
 *   `!` a key that may move money (withdraw or transfer); in the detail pane, which reads each
 *       key's IP list, also one enabled without an IP restriction;
 *   `~` a key idle longer than 90 days, or never used;
 *   `-` a key disabled but kept;
 *   `?` the keys could not be read.
 */
import { IDLE_DEFAULT_S } from '../../accounts/key-audit.js';
import { FINDING_TEXT, type Finding, keyFindings } from '../../accounts/key-findings.js';
import type {
  OversightPage,
  SubAccountApiKey,
  Transfer,
  UnconfirmedWithdrawal,
} from '../../api/oversight-types.js';
import { formatCount } from '../../format/number.js';
import { PLACEHOLDER, textOr } from '../../format/placeholder.js';
import type { TextTarget } from '../../format/sanitize.js';
import { formatDateTime, formatDuration, timeAgo } from '../../format/time.js';
import type { Cell } from './account-cells.js';

const MARK_OF: Readonly<Record<Finding, string>> = {
  'moves-money': '!',
  'no-ip-restriction': '!',
  idle: '~',
  'never-used': '~',
  disabled: '-',
};
const MARK_ORDER = ['!', '~', '-'];

/** A key's marks, in the legend's order, each once: `!~`. */
export function marksOf(findings: readonly Finding[]): string {
  const marks = new Set(findings.map((f) => MARK_OF[f]));
  return MARK_ORDER.filter((m) => marks.has(m)).join('');
}

/**
 * A key's findings. Without its IP list (`ips` undefined: not read yet) whether it has an IP
 * restriction is not known, and not claimed.
 */
export function findingsOf(
  key: SubAccountApiKey,
  ips: readonly string[] | undefined,
  nowSec: number,
): Finding[] {
  const found = keyFindings({ key, ips: ips ? [...ips] : [] }, { nowSec, idleSeconds: IDLE_DEFAULT_S });
  return ips ? found : found.filter((f) => f !== 'no-ip-restriction');
}

/** The widest cell: `100+ !~-`. */
export const KEYS_CELL_WIDTH = 8;

/**
 * The Keys column's cell: how many keys, `+` when the first page was full, and the marks of all
 * of them; `?` when the listing failed, nothing while it loads.
 */
export function keysCell(
  page: OversightPage<SubAccountApiKey> | undefined,
  failed: boolean,
  nowSec: number,
): Cell {
  if (!page) return failed ? { text: '?', role: 'warn' } : { text: '', role: 'muted' };
  const n = page.items.length;
  const count = `${n}${n >= page.limit ? '+' : ''}`;
  const marks = marksOf(page.items.flatMap((k) => findingsOf(k, undefined, nowSec)));
  return {
    text: marks ? `${count} ${marks}` : count,
    role: marks.includes('!') ? 'warn' : n === 0 ? 'muted' : undefined,
  };
}

const TYPE_TEXT: Readonly<Record<string, string>> = {
  '1': 'info and trading',
  '2': 'trading, deposits, withdrawals',
};

/** The three lines of one key in the detail pane: what it is, what it may reach, what was found. */
export function keyLines(
  key: SubAccountApiKey,
  ips: readonly string[] | undefined,
  ipsFailed: boolean,
  nowSec: number,
  term: TextTarget,
): { marks: string; head: string; access: string; findings: string } {
  const findings = findingsOf(key, ips, nowSec);
  const type = key.type == null ? PLACEHOLDER : textOr(key.type, term);
  const typeText = key.type != null && Object.hasOwn(TYPE_TEXT, key.type) ? ` (${TYPE_TEXT[key.type]})` : '';
  const used =
    key.lastActivity == null
      ? 'never used'
      : `last used ${formatDateTime(key.lastActivity * 1000).slice(0, 10)}, ${timeAgo(key.lastActivity * 1000, nowSec * 1000)}`;
  const enabled = key.isEnabled == null ? 'enabled?' : key.isEnabled ? 'enabled' : 'disabled';
  const addresses =
    ips === undefined
      ? ipsFailed
        ? 'IPs: could not be read'
        : 'IPs: …'
      : ips.length === 0
        ? 'IPs: any (no restriction)'
        : `IPs: ${ips.map((ip) => textOr(ip, term)).join(', ')}`;
  const endpoints =
    key.restrictAccess === false || (key.restrictAccess == null && key.accessEndpoints.length === 0)
      ? 'endpoints: any'
      : `endpoints: ${key.accessEndpoints.map((e) => textOr(e.name, term)).join(', ') || PLACEHOLDER}`;
  return {
    marks: marksOf(findings),
    head: `${textOr(key.title, term)} · ${enabled} · type ${type}${typeText} · ${used}`,
    access: `${addresses} · ${endpoints}`,
    findings:
      findings.length === 0
        ? ips === undefined
          ? 'nothing found yet (IP list not read)'
          : 'nothing found'
        : findings.map((f) => (f === 'idle' ? 'idle for over 90 days' : FINDING_TEXT[f])).join('; '),
  };
}

const DIRECTION_TEXT: Readonly<Record<string, string>> = {
  main_to_sub: 'in, from main',
  sub_to_main: 'out, to main',
};

/** A transfer's cells: time, direction, currency, amount (exact, as received). */
export function transferCells(t: Transfer, term: TextTarget): [string, string, string, string] {
  const direction =
    t.direction != null && Object.hasOwn(DIRECTION_TEXT, t.direction)
      ? (DIRECTION_TEXT[t.direction] ?? '')
      : textOr(t.direction, term);
  return [
    t.createdAt == null ? PLACEHOLDER : formatDateTime(t.createdAt * 1000),
    direction,
    textOr(t.currency, term),
    textOr(t.amount, term),
  ];
}

/**
 * The tab's line when withdrawals wait: how many, the oldest's age, then each (newest first) as
 * `alias currency amount age`; aliases from `aliasOf`, else the id's start.
 */
export function waitingLine(
  rows: readonly UnconfirmedWithdrawal[],
  full: boolean,
  nowSec: number,
  aliasOf: (id: string) => string | null | undefined,
  term: TextTarget,
): string {
  const age = (at: number | null) =>
    at == null ? PLACEHOLDER : formatDuration(Math.max(0, nowSec - at) * 1000);
  const times = rows.map((w) => w.createdAt).filter((t): t is number => t != null);
  const oldest = times.length > 0 ? `, oldest ${age(Math.min(...times))}` : '';
  const each = rows.map((w) => {
    const id = w.subAccountId ?? '';
    const who = textOr(aliasOf(id) ?? (id.slice(0, 8) || null), term);
    return `${who} ${textOr(w.currency, term)} ${textOr(w.amount, term)} ${age(w.createdAt)}`;
  });
  const count = `${formatCount(rows.length)}${full ? '+' : ''}`;
  return [`Withdrawals awaiting confirmation: ${count} waiting${oldest}`, ...each].join(' · ');
}
