import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DiagnosticsSample, diagnosticsFromEnv, startDiagnostics } from '../../src/ui/diagnostics.js';

describe('diagnostics hook (soak tests)', () => {
  it('is off unless POOLTOP_DIAG_FILE is set', () => {
    expect(diagnosticsFromEnv({})).toBeUndefined();
    expect(diagnosticsFromEnv({ POOLTOP_DIAG_FILE: '' })).toBeUndefined();
    expect(diagnosticsFromEnv({ POOLTOP_DIAG_FILE: '/tmp/d' })).toEqual({ file: '/tmp/d', everyMs: 5000 });
    expect(diagnosticsFromEnv({ POOLTOP_DIAG_FILE: '/tmp/d', POOLTOP_DIAG_EVERY_MS: '10' })?.everyMs).toBe(
      100,
    );
  });

  it('writes one JSON line per sample: memory, resources by type, listener counts', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pooltop-diag-')), 'diag.jsonl');
    const emitter = new EventEmitter();
    emitter.on('a', () => {});
    emitter.on('b', () => {});
    const lifetime = new AbortController();
    lifetime.signal.addEventListener('abort', () => {});
    const stop = startDiagnostics(
      { file, everyMs: 60_000 },
      { emitters: { emitter }, signals: { lifetime: lifetime.signal } },
    );
    stop();
    const samples = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as DiagnosticsSample);
    expect(samples).toHaveLength(2);
    for (const s of samples) {
      expect(s.rss).toBeGreaterThan(0);
      expect(s.listeners).toEqual({ emitter: 2, lifetime: 1 });
      expect(Object.values(s.resources).every((n) => Number.isInteger(n) && n > 0)).toBe(true);
    }
  });
});
