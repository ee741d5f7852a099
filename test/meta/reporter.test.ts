import { describe, expect, it } from 'vitest';
import { oneLine, PooltopError } from '../../src/errors/pooltop-error.js';

describe('PooltopError', () => {
  it('keeps messages on one line', () => {
    expect(oneLine('a\n  b\tc ')).toBe('a b c');
    expect(new PooltopError('http', 'x\ny', { status: 503 }).message).toBe('x y');
  });
  it('marks only transient failures retryable', () => {
    expect(new PooltopError('http', 'm', { status: 503 }).retryable).toBe(true);
    expect(new PooltopError('http', 'm', { status: 429 }).retryable).toBe(true);
    expect(new PooltopError('auth', 'm', { status: 401 }).retryable).toBe(false);
    expect(new PooltopError('validation', 'm', { status: 422 }).retryable).toBe(false);
    expect(new PooltopError('network', 'm').retryable).toBe(true);
  });
});
