/**
 * Reads a request body up to a cap. Past the cap the rest is drained and dropped (so the client
 * still gets a clean 413 rather than a reset), up to a hard limit after which the socket is cut.
 */
import type { IncomingMessage } from 'node:http';

export const BODY_LIMIT = 64 * 1024;
const DRAIN_LIMIT = 8 * 1024 * 1024;

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' };

export function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > DRAIN_LIMIT) {
    req.resume();
    return Promise.resolve({ ok: false, reason: 'too-large' });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_LIMIT) {
        req.socket.destroy();
        return;
      }
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(tooLarge ? { ok: false, reason: 'too-large' } : { ok: true, body: Buffer.concat(chunks) }),
    );
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('request aborted'));
    });
  });
}
