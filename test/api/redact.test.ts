import { describe, expect, it } from 'vitest';
import { classifyResponse } from '../../src/api/classify.js';

const SECRET = 'c+l/i=ent?sec&ret-7f3a9c2e';
const has = (text: string, secret: string): boolean => {
  for (let i = 0; i + 8 <= secret.length; i++) if (text.includes(secret.slice(i, i + 8))) return true;
  return false;
};

describe('redaction of echoed secrets', () => {
  it('catches a secret quoted raw, URL-encoded, form-encoded or JSON-escaped by an echoing proxy', () => {
    const body = [
      `raw ${SECRET}`,
      `url ${encodeURIComponent(SECRET)}`,
      `form ${new URLSearchParams({ client_secret: SECRET }).toString()}`,
      `json ${JSON.stringify({ s: SECRET })}`,
    ].join(' | ');
    for (const status of [400, 502]) {
      const err = classifyResponse({ status, headers: {}, body }, { secrets: [SECRET] });
      expect(has(`${err.message}\n${err.detail}`, SECRET)).toBe(false);
      expect(err.message).toContain('[redacted]');
    }
  });

  it('sees a secret split by escape sequences or invisible characters, and never half a secret at the cap', () => {
    const split = [
      'c+l/i=ent\u001b[0m?sec&ret-7f3a9c2e',
      'c+l/i=ent\u2060?sec\u00ad&ret-7f3a9c2e',
      'c+l/i=ent\u061c?sec&ret-7f3a9c2e',
    ];
    for (const piece of split) {
      const err = classifyResponse(
        { status: 400, headers: {}, body: `denied: ${piece}` },
        { secrets: [SECRET] },
      );
      expect(has(`${err.message}\n${err.detail}`, SECRET)).toBe(false);
    }
    for (let pad = 180; pad < 200; pad++) {
      const err = classifyResponse(
        { status: 400, headers: {}, body: `${'x'.repeat(pad)} ${SECRET}` },
        { secrets: [SECRET] },
      );
      expect(has(err.message, SECRET), `pad ${pad}`).toBe(false);
    }
  });
});
