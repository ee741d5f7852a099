/**
 * Where `pooltop watch` sends what changed: webhooks (json, slack, discord, telegram, ntfy),
 * exec hooks and Alertmanager. The watcher needs three things:
 *
 * - `parseNotifyConfig(doc.notify, path)` → `NotifyTarget[]`: the `[[notify]]` tables of the
 *   preferences file; a mistake throws `PooltopError('config', '<path>: notify[N].key: …')`
 *   (N counted from 1, as the tables appear in the file). Call it before any API request.
 * - `createNotifier({ targets, stateDir, log, now?, setTimer?, clearTimer?, random?, env? })`
 *   → `{ send(round), flush(withinMs), close(), pending() }`. `send` never blocks: each target
 *   has its own queue, retried with back-off, kept in `<stateDir>/watch-outbox.json` (0600)
 *   across restarts. Webhooks and hooks get `round.events`; Alertmanager gets `round.alerts`
 *   and, every minute, `round.firing` again. At SIGTERM: `await flush(1000); await close()`.
 *   `log` receives one `pooltop: …` line when a target starts failing and one when it recovers.
 *   It reads the outbox at once and throws `PooltopError('config')` when that file is not the
 *   user's own (another owner, writable by others).
 * - `maskUrl(url)` → `scheme://host[:port]`, the only way a notify URL may be shown.
 */
export { maskUrl } from './mask-url.js';
export { parseDurationMs } from './duration.js';
export { type NotifyTarget, parseNotifyConfig } from './notify-config.js';
export { createNotifier, type Notifier, type NotifierOptions } from './notifier.js';
