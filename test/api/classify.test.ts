import { describe, expect, it } from 'vitest';
import { classifyResponse, parseRetryAfter } from '../../src/api/classify.js';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const classify = (status: number, body: unknown, headers: Record<string, string> = {}, path?: string) =>
  classifyResponse(
    { status, headers, body: typeof body === 'string' ? body : JSON.stringify(body), path },
    { now: () => NOW, secrets: ['sup3r-secret-value', 'refresh-tok-123'] },
  );

describe('classifyResponse: private endpoint bodies', () => {
  it('422 validation lists the fields', () => {
    const err = classify(422, {
      code: 0,
      message: 'Validation failed',
      errors: { limit: ['The limit must be between 1 and 100.'], offset: ['The offset must be an integer.'] },
    });
    expect(err.kind).toBe('validation');
    expect(err.status).toBe(422);
    expect(err.code).toBe(0);
    expect(err.message).toBe(
      'Validation failed: limit: The limit must be between 1 and 100.; offset: The offset must be an integer.',
    );
    expect(err.fields).toEqual({
      limit: ['The limit must be between 1 and 100.'],
      offset: ['The offset must be an integer.'],
    });
    expect(err.retryable).toBe(false);
  });

  it('shows the field messages of every documented validation shape, 400 and 422', () => {
    const errors = { limit: ['validation.max.integer'], user: ["Mining pool account 'x' not found"] };
    const summary = "limit: validation.max.integer; user: Mining pool account 'x' not found";
    for (const status of [400, 422]) {
      const withMessage = classify(status, { code: 0, message: 'Validation failed', errors });
      const bare = classify(status, { errors, notification: null });
      for (const err of [withMessage, bare]) {
        expect(err.kind, `${status}`).toBe('validation');
        expect(err.status).toBe(status);
        expect(err.fields).toEqual(errors);
        expect(err.message).toContain(summary);
        expect(err.retryable).toBe(false);
      }
      expect(withMessage.message).toBe(`Validation failed: ${summary}`);
      expect(bare.message).toBe(`validation failed: ${summary}`);
    }
    // Without a message, errors on a 401/403 are an auth failure, still with their fields.
    const refused = classify(403, { errors: { key: ['Disabled.'] }, notification: null });
    expect(refused.kind).toBe('auth');
    expect(refused.message).toBe('not authorised (HTTP 403): key: Disabled.');
  });

  it('keeps the server message for every documented auth failure', () => {
    const messages = [
      'Payload not provided.',
      'Invalid payload',
      'Unauthorized request.',
      'Nonce not provided.',
      'Request not provided.',
      'Invalid nonceWindow.',
      'This action is unauthorized. Enable your key in API settings',
      "You don't have permission to use this endpoint.",
    ];
    for (const message of messages) {
      const err = classify(400, { code: 1, message, errors: [] });
      expect(err.kind).toBe('auth');
      expect(err.message).toBe(message);
      expect(err.retryable).toBe(false);
    }
    expect(classify(401, { code: 10, message: 'Something new' }).kind).toBe('auth');
    expect(classify(403, { code: 10, message: 'Forbidden' }).kind).toBe('auth');
  });

  it('tells a nonce rejection and a clock skew apart from a rate limit', () => {
    const nonce = classify(429, { code: 0, message: 'Too many requests.' });
    expect(nonce.kind).toBe('auth');
    expect(nonce.reason).toBe('nonce');
    expect(nonce.message).toMatch(/^Too many requests\. /);
    expect(nonce.retryable).toBe(false);
    const skew = classify(400, {
      code: 0,
      message: 'Your nonce is more than 5 seconds lesser than the current nonce',
    });
    expect(skew.kind).toBe('auth');
    expect(skew.reason).toBe('clock-skew');
    expect(skew.message).toMatch(/check the system clock/);
    const limited = classify(429, 'Too Many Requests', { 'retry-after': '7' });
    expect(limited.kind).toBe('http');
    expect(limited.reason).toBe('rate-limit');
    expect(limited.retryAfterMs).toBe(7000);
    expect(limited.retryable).toBe(true);
  });

  it('other private errors are kind api with the status', () => {
    const err = classify(400, { code: 30, message: 'Inner validation failed' });
    expect(err.kind).toBe('api');
    expect(err.message).toBe('Inner validation failed (HTTP 400)');
    expect(err.code).toBe(30);
    expect(err.retryable).toBe(false);
  });
});

describe('classifyResponse: public, OAuth and infrastructure shapes', () => {
  it('public {success:false,message}', () => {
    const err = classify(400, { success: false, message: 'Market is not available', params: [] });
    expect(err.kind).toBe('api');
    expect(err.message).toBe('Market is not available (HTTP 400)');
    const limited = classify(429, { success: false, message: 'Too many requests.' });
    expect(limited.reason).toBe('rate-limit');
    expect(limited.retryable).toBe(true);
  });

  it('OAuth invalid token is auth', () => {
    const err = classify(400, { data: { token: ['Invalid token.'] } });
    expect(err.kind).toBe('auth');
    expect(err.message).toBe('token: Invalid token.');
    expect(err.fields).toEqual({ token: ['Invalid token.'] });
  });

  it('503 HTML maintenance page never leaks HTML', () => {
    const html =
      '<!DOCTYPE html><html><head><title>Maintenance</title></head><body><h1>Back soon</h1></body></html>';
    const err = classify(503, html, { 'retry-after': 'Wed, 01 Jan 2025 12:00:30 GMT' });
    expect(err.kind).toBe('http');
    expect(err.reason).toBe('maintenance');
    expect(err.message).toBe('service under maintenance (HTTP 503); retry after 30 s');
    expect(err.retryAfterMs).toBe(30_000);
    expect(err.retryable).toBe(true);
  });

  it('500 {"error":[…]}', () => {
    const err = classify(500, { error: ['Internal server error.'] });
    expect(err.kind).toBe('http');
    expect(err.message).toBe('server error (HTTP 500): Internal server error.');
    expect(err.retryable).toBe(true);
  });

  it('404 with an empty body names the path', () => {
    const err = classify(404, '', {}, '/api/v4/public/mining-pool');
    expect(err.kind).toBe('http');
    expect(err.message).toBe('not found (HTTP 404): /api/v4/public/mining-pool; check the base URL');
    expect(err.retryable).toBe(false);
  });

  it('anything else: status plus a short, clean snippet', () => {
    expect(classify(502, 'Bad Gateway').message).toBe('server error (HTTP 502): Bad Gateway');
    expect(classify(418, '').message).toBe('request failed (HTTP 418)');
    expect(classify(301, '').message).toBe('unexpected redirect (HTTP 301)');
    expect(classify(401, '').kind).toBe('auth');
    expect(classify(400, '{"unexpected": true}').message).toBe(
      'request failed (HTTP 400): {"unexpected": true}',
    );
  });
});

describe('classifyResponse: untrusted text', () => {
  it('strips control characters and escapes, caps length, stays on one line', () => {
    const err = classify(400, {
      code: 1,
      message: `\u001b[31mred\u001b[0m\r\nline\u0007two ${'x'.repeat(500)}`,
    });
    expect(err.message).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(err.message.startsWith('red line two x')).toBe(true);
    expect(err.message.length).toBeLessThanOrEqual(220);
    const plain = classify(502, `oops ${'y'.repeat(1000)}`);
    expect(plain.message.length).toBeLessThanOrEqual(230);
  });

  it('redacts known secrets from message, fields and detail', () => {
    const err = classify(422, {
      message: 'Validation failed for sup3r-secret-value',
      errors: { token: ['refresh-tok-123 is wrong'] },
    });
    const all = `${err.message} ${JSON.stringify(err.fields)} ${err.detail}`;
    expect(all).not.toContain('sup3r-secret-value');
    expect(all).not.toContain('refresh-tok-123');
    expect(all).toContain('[redacted]');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP-dates, ignores junk', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 12:01:00 GMT', NOW)).toBe(60_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 11:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
  });
});
