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

describe('redaction of secrets echoed encoded', () => {
  /** Whether the secret can be read back from `text` by decoding any run of base64 or hex in it. */
  const decodable = (text: string, secret: string): boolean => {
    const decoded: string[] = [];
    for (const run of text.match(/[A-Za-z0-9+/_-]{8,}={0,2}/g) ?? []) {
      for (let cut = 0; cut < 4; cut++)
        decoded.push(Buffer.from(run.slice(cut), 'base64').toString('latin1'));
    }
    for (const run of text.match(/[0-9a-fA-F]{8,}/g) ?? []) {
      for (let cut = 0; cut < 2; cut++) decoded.push(Buffer.from(run.slice(cut), 'hex').toString('latin1'));
    }
    const forms = [
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ s: secret }).toString().slice(2),
    ];
    return decoded.some((d) => forms.some((f) => has(d, f)));
  };

  it('catches a secret inside a body echoed in base64, base64url or hex, at any alignment', () => {
    for (let pad = 0; pad < 6; pad++) {
      const form = `${'x'.repeat(pad)}client_id=abc&${new URLSearchParams({ client_secret: SECRET })}&grant_type=refresh_token`;
      const json = JSON.stringify({ pad: 'y'.repeat(pad), client_secret: SECRET });
      for (const sent of [form, json]) {
        const b64 = Buffer.from(sent).toString('base64');
        const echoes = [b64, Buffer.from(sent).toString('base64url'), Buffer.from(sent).toString('hex')];
        for (const echo of echoes) {
          expect(decodable(echo, SECRET), `unredacted echo decodes (pad ${pad})`).toBe(true);
          const err = classifyResponse(
            { status: 400, headers: {}, body: `echo: ${echo}` },
            { secrets: [SECRET] },
          );
          const shown = `${err.message}\n${err.detail}`;
          expect(decodable(shown, SECRET), `pad ${pad}`).toBe(false);
          expect(shown).toContain('[redacted]');
        }
      }
    }
  });

  it('leaves ordinary text and unrelated base64 alone', () => {
    const body = `error ${Buffer.from('nothing secret here at all').toString('base64')}`;
    const err = classifyResponse({ status: 400, headers: {}, body }, { secrets: [SECRET] });
    expect(err.detail).toContain(Buffer.from('nothing secret here at all').toString('base64'));
  });
});
