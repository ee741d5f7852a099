/**
 * The `[[notify]]` tables of the preferences file: where `pooltop watch` sends what changed.
 *
 *   [[notify]]
 *   type = "webhook"          # format = json | slack | discord | telegram | ntfy
 *   url  = "https://ntfy.sh/my-secret-topic"
 *   format = "ntfy"
 *
 * Tables are counted from 1 in messages, as a person counts them in the file: the first
 * `[[notify]]` is `notify[1]`. Every problem is one line naming the file and the key; a URL is
 * never quoted (it holds the secret), only its scheme.
 */
import { KEEP_UNICODE, sanitizeLine } from '../../format/sanitize.js';
import { PooltopError } from '../../errors/pooltop-error.js';
import { parseDurationMs } from './duration.js';

export const TARGET_TYPES = ['webhook', 'exec', 'alertmanager'] as const;
export const WEBHOOK_FORMATS = ['json', 'slack', 'discord', 'telegram', 'ntfy'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** How long one delivery may take (an HTTP exchange, a hook's run) unless `timeout` says. */
export const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_TIMEOUT_MS = 10 * 60_000;

interface Common {
  /** Position in the file, from 1 (`notify[1]`). */
  index: number;
  timeoutMs: number;
}
export interface WebhookTarget extends Common {
  type: 'webhook';
  url: string;
  format: WebhookFormat;
  /** telegram only. */
  chatId?: string | number;
  /** ntfy only: 1–5. */
  priority?: number;
  /** ntfy only. */
  tags?: string[];
}
export interface ExecTarget extends Common {
  type: 'exec';
  command: string[];
}
export interface AlertmanagerTarget extends Common {
  type: 'alertmanager';
  url: string;
}
export type NotifyTarget = WebhookTarget | ExecTarget | AlertmanagerTarget;

const KEYS: Readonly<Record<TargetType, readonly string[]>> = {
  webhook: ['type', 'url', 'format', 'chat_id', 'priority', 'tags', 'timeout'],
  exec: ['type', 'command', 'timeout'],
  alertmanager: ['type', 'url', 'timeout'],
};

const isTable = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** A value from the file, safe and short enough to quote in a message. */
const quoted = (v: unknown): string => JSON.stringify(sanitizeLine(String(v), KEEP_UNICODE).slice(0, 40));

/** `[[notify]]` as smol-toml parsed it (undefined when the file has none). */
export function parseNotifyConfig(raw: unknown, path: string): NotifyTarget[] {
  if (raw === undefined) return [];
  const problem = (key: string, what: string) => new PooltopError('config', `${path}: ${key}: ${what}`);
  if (!Array.isArray(raw))
    throw problem('notify', 'must be an array of tables: write each one as [[notify]]');
  const targets = raw.map((table, i) =>
    parseTarget(table, i + 1, (key, what) => problem(`notify[${i + 1}]${key}`, what)),
  );
  // Two tables for one destination would send everything twice (and share one queue on disk).
  const seen = new Map<string, number>();
  for (const target of targets) {
    const same = seen.get(destinationOf(target));
    if (same !== undefined)
      throw problem(`notify[${target.index}]`, `the same destination as notify[${same}]`);
    seen.set(destinationOf(target), target.index);
  }
  return targets;
}

/** Where a target sends, as text: what identifies it across restarts and edits of its other settings. */
export function destinationOf(target: NotifyTarget): string {
  switch (target.type) {
    case 'exec':
      return JSON.stringify([target.type, target.command]);
    case 'webhook':
      return JSON.stringify([target.type, target.url, target.format, target.chatId ?? null]);
    case 'alertmanager':
      return JSON.stringify([target.type, target.url]);
  }
}

type Problem = (key: string, what: string) => PooltopError;

function parseTarget(table: unknown, index: number, problem: Problem): NotifyTarget {
  if (!isTable(table)) throw problem('', 'must be a table ([[notify]] with type = …)');
  const type = table.type;
  const types = TARGET_TYPES.join(', ');
  if (type === undefined) throw problem('.type', `missing; one of ${types}`);
  if (typeof type !== 'string' || !(TARGET_TYPES as readonly string[]).includes(type)) {
    throw problem('.type', `unknown type ${quoted(type)}; one of ${types}`);
  }
  const known = KEYS[type as TargetType];
  for (const key of Object.keys(table)) {
    if (!known.includes(key))
      throw problem(`.${key}`, `unknown key for type "${type}" (known: ${known.join(', ')})`);
  }
  const timeoutMs = timeoutOf(table.timeout, problem);
  if (type === 'exec') return { type, index, timeoutMs, command: commandOf(table.command, problem) };
  const url = urlOf(table.url, problem);
  if (type === 'alertmanager') return { type, index, timeoutMs, url };
  return { type: 'webhook', index, timeoutMs, url, ...webhookOptions(table, problem) };
}

function timeoutOf(value: unknown, problem: Problem): number {
  if (value === undefined) return DEFAULT_TIMEOUT_MS;
  const ms = typeof value === 'string' ? parseDurationMs(value) : undefined;
  if (ms === undefined || ms <= 0 || ms > MAX_TIMEOUT_MS) {
    throw problem('.timeout', 'must be a duration from 1ms to 10m such as "10s" or "500ms"');
  }
  return ms;
}

function commandOf(value: unknown, problem: Problem): string[] {
  if (value === undefined)
    throw problem('.command', 'missing; an array such as ["/usr/local/bin/page-me", "--urgent"]');
  if (!Array.isArray(value) || value.length === 0 || !value.every((a) => typeof a === 'string')) {
    throw problem(
      '.command',
      'must be a non-empty array of strings (the program and its arguments; no shell)',
    );
  }
  if (value[0] === '') throw problem('.command', 'the program (its first element) is empty');
  if (value.some((a: string) => a.includes('\0')))
    throw problem('.command', 'must not contain NUL characters');
  return [...value];
}

function urlOf(value: unknown, problem: Problem): string {
  if (value === undefined) throw problem('.url', 'missing');
  if (typeof value !== 'string') throw problem('.url', 'must be a string');
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw problem('.url', 'not an absolute URL such as https://example.com/hook');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    const scheme = url.protocol.replace(/[^a-z0-9+.-]/gi, '').slice(0, 16);
    throw problem('.url', `scheme must be http or https, not ${scheme}`);
  }
  if (url.hostname === '') throw problem('.url', 'has no host');
  return url.href;
}

function webhookOptions(table: Record<string, unknown>, problem: Problem) {
  const format = table.format ?? 'json';
  if (typeof format !== 'string' || !(WEBHOOK_FORMATS as readonly string[]).includes(format)) {
    throw problem('.format', `unknown format ${quoted(format)}; one of ${WEBHOOK_FORMATS.join(', ')}`);
  }
  const only = (key: string, wanted: WebhookFormat) => {
    if (table[key] !== undefined && format !== wanted)
      throw problem(`.${key}`, `only for format = "${wanted}"`);
  };
  only('chat_id', 'telegram');
  only('priority', 'ntfy');
  only('tags', 'ntfy');
  const out: Pick<WebhookTarget, 'format' | 'chatId' | 'priority' | 'tags'> = {
    format: format as WebhookFormat,
  };
  if (format === 'telegram') out.chatId = chatIdOf(table.chat_id, problem);
  if (table.priority !== undefined) {
    const p = table.priority;
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 1 || p > 5) {
      throw problem('.priority', 'must be a whole number from 1 (min) to 5 (max)');
    }
    out.priority = p;
  }
  if (table.tags !== undefined) {
    const tags = table.tags;
    // Tags travel in a header: plain ASCII words only (ntfy maps names like "warning" to emoji).
    if (
      !Array.isArray(tags) ||
      !tags.every((t) => typeof t === 'string' && /^[A-Za-z0-9_+.-]{1,64}$/.test(t))
    ) {
      throw problem(
        '.tags',
        'must be an array of words of letters, digits, _ + . - such as ["warning", "pool"]',
      );
    }
    out.tags = [...tags];
  }
  return out;
}

function chatIdOf(value: unknown, problem: Problem): string | number {
  if (value === undefined)
    throw problem('.chat_id', 'missing; telegram needs the chat to send to (a number or "@channel")');
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^(-?\d{1,20}|@[A-Za-z0-9_]{1,64})$/.test(value.trim()))
    return value.trim();
  throw problem(
    '.chat_id',
    'must be a chat number such as -1001234567890 or a channel such as "@my_channel"',
  );
}
