/**
 * Alertmanager as a client should use it (prometheus.io/docs/alerting/clients): POST
 * `{url}/api/v2/alerts` with a JSON array; labels identify an alert, so each one carries
 * `alertname`, `severity`, `metric` and, when known, `account` and `worker` (an empty label is
 * the same as none in Alertmanager: absent ones are left out). Firing alerts are sent again
 * every REPOST_INTERVAL_MS, with `endsAt` FIRING_HORIZON_MS ahead as Prometheus does: should
 * pooltop stop, Alertmanager resolves them on its own soon after; a resolved alert is sent with
 * its resolve time, which Alertmanager acts on at once.
 */
import { KEEP_UNICODE, sanitizeLine } from '../../format/sanitize.js';
import { ALERT_NAMES, type WatchEvent } from '../event.js';
import type { AlertmanagerTarget } from './notify-config.js';
import { post } from './http-post.js';
import { maskUrl } from './mask-url.js';
import type { Sink, SinkDeps } from './sink.js';

/** Well inside Alertmanager's default resolve_timeout (5 m) and its advice of 30 s to 3 min. */
export const REPOST_INTERVAL_MS = 60_000;
/** A firing alert's `endsAt`: four re-posts ahead, so one or two lost posts change nothing. */
export const FIRING_HORIZON_MS = 4 * REPOST_INTERVAL_MS;
/** Alerts per POST. */
const BATCH = 100;

export interface AlertmanagerAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  startsAt: string;
  endsAt: string;
}

const label = (text: string): string => sanitizeLine(text, KEEP_UNICODE);

export function toAlertmanagerAlert(event: WatchEvent, nowMs: number): AlertmanagerAlert {
  const labels: Record<string, string> = {
    alertname: ALERT_NAMES[event.kind],
    severity: event.severity,
    metric: label(event.metric),
  };
  if (event.account !== null && label(event.account) !== '') labels.account = label(event.account);
  if (event.worker !== null && label(event.worker) !== '') labels.worker = label(event.worker);
  const annotations: Record<string, string> = { summary: label(event.summary) };
  if (event.value !== null) annotations.value = String(event.value);
  const endsAt = event.endsAt ?? new Date(nowMs + FIRING_HORIZON_MS).toISOString();
  return { labels, annotations, startsAt: event.startsAt, endsAt };
}

/** `http://127.0.0.1:9093` or one with a route prefix → its `/api/v2/alerts`. */
export function alertsUrl(base: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/v2/alerts`;
  return url.href;
}

export function createAlertmanagerSink(target: AlertmanagerTarget, deps: SinkDeps): Sink {
  const url = alertsUrl(target.url);
  const send = (events: readonly WatchEvent[], signal: AbortSignal) => {
    const nowMs = deps.now();
    const body = JSON.stringify(events.map((e) => toAlertmanagerAlert(e, nowMs)));
    const headers = { 'content-type': 'application/json' };
    return post({ url, headers, body, timeoutMs: target.timeoutMs, signal, ...deps });
  };
  return {
    label: `alertmanager ${maskUrl(target.url)}`,
    takes: 'alerts',
    batch: BATCH,
    deliver: send,
    repost: send,
  };
}
