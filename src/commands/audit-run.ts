/**
 * `pooltop audit keys`: every sub-account of the list (api/load-all.ts), each one's keys and each
 * key's IP list (api/load-keys.ts, every operation paced under its own limit), judged
 * (accounts/key-findings.ts) and written with a summary first. Exit 0 no findings, 1 findings,
 * 3 the audit could not be made whole (as `check`'s UNKNOWN: bad arguments, credentials, an API
 * failing, an account whose keys could not be fetched); what was fetched is still written.
 */
import { auditAllKeys, type KeyAudit } from '../accounts/key-audit.js';
import type { KeyLoadProgress } from '../api/load-keys.js';
import { formatCount } from '../format/number.js';
import { sanitizeLine } from '../format/sanitize.js';
import { type AuditFormat, auditText, summarize } from './audit-output.js';
import type { CommandContext } from './support/context.js';
import { type CommandIO, interruptedCode } from './support/io.js';

export interface AuditRequest {
  format: AuditFormat;
  idleSeconds: number;
  search?: string;
}

const AUDIT_EXIT = { clean: 0, findings: 1, unknown: 3 } as const;

/** Every key of every sub-account (matching the search) with its findings. */
export function auditKeys(
  ctx: CommandContext,
  io: CommandIO,
  req: Pick<AuditRequest, 'idleSeconds' | 'search'>,
  onProgress?: (p: KeyLoadProgress) => void,
): Promise<KeyAudit> {
  return auditAllKeys(ctx.client, {
    idleSeconds: req.idleSeconds,
    search: req.search,
    signal: io.signal,
    deadline: ctx.deadline?.at,
    onProgress,
    queue: ctx.queue,
  });
}

export async function runAudit(ctx: CommandContext, io: CommandIO, req: AuditRequest): Promise<number> {
  const bar = io.stderrIsTTY ? progressLine(io.stderr) : undefined;
  let audit: KeyAudit;
  try {
    audit = await auditKeys(ctx, io, req, bar?.update);
  } finally {
    bar?.clear();
  }
  const summary = summarize(audit.rows, audit.accounts, audit.failed, req.idleSeconds);
  io.stdout(auditText(req.format, audit.rows, summary, audit.complete, audit.nowSec, io.terminal));
  if (audit.failed > 0) {
    const why = sanitizeLine(audit.lastError?.message ?? 'unknown error', io.terminal);
    io.stderr(
      `pooltop: incomplete: the keys of ${formatCount(audit.failed)} of ${formatCount(audit.accounts)} sub-accounts could not be fetched; last error: ${why}\n`,
    );
  }
  if (audit.cancelled) return interruptedCode(io.signal);
  if (!audit.complete) return AUDIT_EXIT.unknown;
  return summary.keysWithFindings > 0 ? AUDIT_EXIT.findings : AUDIT_EXIT.clean;
}

function progressLine(write: (text: string) => void) {
  let last = Number.NEGATIVE_INFINITY;
  let drawn = false;
  return {
    update(p: KeyLoadProgress): void {
      const t = Date.now();
      if (t - last < 100) return;
      last = t;
      drawn = true;
      write(
        `\r\u001b[Kauditing keys: ${formatCount(p.done)}/${formatCount(p.total)} sub-accounts · ${formatCount(p.requests)} requests`,
      );
    },
    clear(): void {
      if (drawn) write('\r\u001b[K');
    },
  };
}
