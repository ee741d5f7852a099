/** The webhook sink: one POST per event, in the target's format (format.ts). */
import type { WebhookTarget } from './notify-config.js';
import { webhookRequest } from './format.js';
import { post } from './http-post.js';
import { maskUrl } from './mask-url.js';
import type { Sink, SinkDeps } from './sink.js';

export function createWebhookSink(target: WebhookTarget, deps: SinkDeps): Sink {
  return {
    label: `webhook ${maskUrl(target.url)}`,
    takes: 'events',
    batch: 1,
    async deliver(events, signal) {
      const [event] = events;
      if (event === undefined) return { ok: true };
      const { headers, body } = webhookRequest(target, event);
      return post({ url: target.url, headers, body, timeoutMs: target.timeoutMs, signal, ...deps });
    },
  };
}
