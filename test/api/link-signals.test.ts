import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { linkSignals } from '../../src/api/link-signals.js';
import { dependantsOf } from '../support/signals.js';

describe('linkSignals', () => {
  it('aborts with the reason of whichever source aborts first', () => {
    const a = new AbortController();
    const b = new AbortController();
    const linked = linkSignals(a.signal, undefined, b.signal);
    expect(linked.signal.aborted).toBe(false);
    b.abort('b went');
    expect(linked.signal.aborted).toBe(true);
    expect(linked.signal.reason).toBe('b went');
    a.abort('late');
    expect(linked.signal.reason).toBe('b went');
    expect(linkSignals(a.signal).signal.reason).toBe('late');
  });

  it('leaves nothing behind on a long-lived source (AbortSignal.any does: nodejs/node#55351)', () => {
    const lifetime = new AbortController();
    for (let i = 0; i < 1000; i++) {
      const request = new AbortController();
      const linked = linkSignals(request.signal, lifetime.signal);
      if (i % 2) request.abort();
      linked.dispose();
    }
    expect(getEventListeners(lifetime.signal, 'abort')).toHaveLength(0);
    expect(dependantsOf(lifetime.signal)).toBe(0);
    // The check itself works where Node keeps that set (Node 22; Node 24 keeps none): there
    // AbortSignal.any leaves one entry per call.
    for (let i = 0; i < 10; i++) AbortSignal.any([new AbortController().signal, lifetime.signal]);
    const keepsDependants = Object.getOwnPropertySymbols(lifetime.signal).some(
      (s) => s.description === 'kDependantSignals',
    );
    expect(dependantsOf(lifetime.signal)).toBe(keepsDependants ? 10 : 0);
  });
});
