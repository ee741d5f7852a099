/**
 * Fault injection. A fault is decided before a request is handled and replaces the handling
 * entirely, so no fault ever has a side effect (in particular a refresh token is never consumed
 * by a request that was answered with a fault).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { internalError, rateLimited, sendText } from './respond.js';

export type FaultKind = 'maintenance' | 'rate-limit' | 'internal' | 'reset';

export const FAULT_KINDS: readonly FaultKind[] = ['maintenance', 'rate-limit', 'internal', 'reset'];

export interface Fault {
  kind: FaultKind;
  /** For `rate-limit`: whether `Retry-After: 1` is sent. */
  retryAfter: boolean;
}

export const MAINTENANCE_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>WhiteBIT | Technical maintenance</title></head>
<body>
<h1>Technical maintenance</h1>
<p>We are updating the platform. Please try again in a few minutes.</p>
</body>
</html>
`;

/**
 * One draw decides whether the request fails (`random() < rate`); a second picks the kind
 * (uniform over FAULT_KINDS); a 429 draws once more for `Retry-After`. Nothing is drawn when
 * the rate is 0, so a run without faults leaves the sequence untouched.
 */
export function pickFault(rate: number, random: () => number): Fault | undefined {
  if (rate <= 0 || random() >= rate) return undefined;
  const kind = FAULT_KINDS[Math.min(FAULT_KINDS.length - 1, Math.floor(random() * FAULT_KINDS.length))];
  if (kind === undefined) return undefined;
  return { kind, retryAfter: kind === 'rate-limit' && random() < 0.5 };
}

export function applyFault(fault: Fault, req: IncomingMessage, res: ServerResponse): void {
  switch (fault.kind) {
    case 'maintenance':
      sendText(res, 503, MAINTENANCE_PAGE, 'text/html; charset=utf-8');
      return;
    case 'rate-limit':
      rateLimited(res, fault.retryAfter);
      return;
    case 'internal':
      internalError(res);
      return;
    case 'reset':
      req.socket.destroy();
      return;
  }
}
