/**
 * What each webhook format sends for one event. Text for people is built from the event, with
 * every name from the network sanitised (no control characters, no escape sequences) and each
 * service's own markup made harmless: Slack's `<>&` escaped as its docs say, Telegram sent
 * without `parse_mode` so nothing is read as Markdown or HTML. ntfy's headers are plain ASCII
 * without line breaks. Each body fits its service's documented limit.
 */
import { KEEP_UNICODE, sanitizeLine } from '../../format/sanitize.js';
import type { WatchEvent } from '../event.js';
import type { WebhookTarget } from './notify-config.js';

export interface WebhookRequest {
  headers: Record<string, string>;
  body: string;
}

/** Documented message limits, in characters. Slack's is far higher; 4,000 keeps a phone screen. */
const LIMITS = { slack: 4000, discord: 2000, telegram: 4096, ntfy: 4000 } as const;
/** Names of a group written out in full before "and N more". */
const GROUP_NAMES = 50;

const clean = (text: string): string => sanitizeLine(text, KEEP_UNICODE);

/** The first line for people: `FIRING critical: main_farm: worker rig-07 offline`. */
export function headline(event: WatchEvent): string {
  return `${event.status === 'firing' ? 'FIRING' : 'RESOLVED'} ${event.severity}: ${clean(event.summary)}`;
}

/** The whole message for people: the headline, the group's names, since when. */
export function messageText(event: WatchEvent): string {
  const lines = [headline(event)];
  const names = event.workers ?? [];
  if (names.length > 0) {
    const shown = names.slice(0, GROUP_NAMES).map(clean).join(', ');
    const more = names.length > GROUP_NAMES ? ` and ${names.length - GROUP_NAMES} more` : '';
    lines.push(`workers (${names.length}): ${shown}${more}`);
  }
  lines.push(event.endsAt === null ? `since ${event.startsAt}` : `from ${event.startsAt} to ${event.endsAt}`);
  return lines.join('\n');
}

/** `text` cut to `max` characters (code points), ending in `…` when cut. */
export function clipChars(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** Slack's mrkdwn: `&`, `<` and `>` are control characters and must be escaped as entities. */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A header value: printable ASCII, no CR or LF, bounded. */
export function headerSafe(text: string, max = 200): string {
  return clipChars(sanitizeLine(text, { unicode: false }).replace(/[^\x20-\x7e]/g, '?'), max);
}

const JSON_TYPE = 'application/json';

export function webhookRequest(target: WebhookTarget, event: WatchEvent): WebhookRequest {
  const json = (body: unknown): WebhookRequest => ({
    headers: { 'content-type': JSON_TYPE },
    body: JSON.stringify(body),
  });
  switch (target.format) {
    case 'json':
      return json(event);
    case 'slack':
      // Escaped first, then cut: an entity is never split.
      return json({ text: fitEscaped(messageText(event), LIMITS.slack) });
    case 'discord':
      // No mention of @everyone or a role from a worker's name: Discord parses none.
      return json({
        content: clipChars(messageText(event), LIMITS.discord),
        allowed_mentions: { parse: [] },
      });
    case 'telegram':
      return json({ chat_id: target.chatId, text: clipChars(messageText(event), LIMITS.telegram) });
    case 'ntfy':
      return ntfyRequest(target, event);
  }
}

function fitEscaped(text: string, max: number): string {
  let cut = text;
  while (slackEscape(cut).length > max)
    cut = clipChars(cut, Math.max(1, [...cut].length - (slackEscape(cut).length - max)));
  return slackEscape(cut);
}

function ntfyRequest(target: WebhookTarget, event: WatchEvent): WebhookRequest {
  const firing = event.status === 'firing';
  const priority = target.priority ?? (firing ? (event.severity === 'critical' ? 4 : 3) : 2);
  const tags = [firing ? 'rotating_light' : 'white_check_mark', ...(target.tags ?? [])];
  return {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      title: headerSafe(`pooltop ${headline(event)}`),
      priority: String(priority),
      tags: tags.join(','),
    },
    body: clipChars(messageText(event), LIMITS.ntfy),
  };
}
