import { describe, expect, it } from 'vitest';
import { maskUrl, withoutUrlSecrets } from '../../../src/watch/notify/mask-url.js';

describe('maskUrl: scheme, host and port only', () => {
  it.each([
    ['https://api.telegram.org/bot123456:AAH-secret_token/sendMessage', 'https://api.telegram.org'],
    ['https://ntfy.sh/my-secret-topic', 'https://ntfy.sh'],
    ['https://hooks.slack.com/services/T000/B000/XXXXXXXX', 'https://hooks.slack.com'],
    ['https://discord.com/api/webhooks/1234/abcdef?wait=true', 'https://discord.com'],
    ['http://127.0.0.1:9/hook?token=s3cret', 'http://127.0.0.1:9'],
    ['https://user:pa55word@ntfy.example.net:8443/topic#frag', 'https://ntfy.example.net:8443'],
    ['http://[::1]:9093/', 'http://[::1]:9093'],
    ['ftp://host/x', '(not an http URL)'],
    ['not a url s3cret', '(invalid URL)'],
  ])('%s → %s', (url, masked) => {
    expect(maskUrl(url)).toBe(masked);
  });
});

describe('withoutUrlSecrets', () => {
  it("cuts the URL's path parts, query values and credentials out of a receiver's answer", () => {
    const url = new URL('https://me:hunter22@api.example.com/bot123456:AAH-token/sendMessage?token=q-secret');
    const answer = 'Unauthorized: bot123456:AAH-token with q-secret by me hunter22';
    const out = withoutUrlSecrets(answer, url);
    for (const secret of ['bot123456:AAH-token', 'q-secret', 'hunter22']) expect(out).not.toContain(secret);
    expect(out).toContain('Unauthorized');
  });
});
