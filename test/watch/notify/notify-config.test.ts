import { describe, expect, it } from 'vitest';
import { parseTomlDocument } from '../../../src/config/config-file.js';
import { parseNotifyConfig } from '../../../src/watch/notify/notify-config.js';
import { thrown } from '../../support/failures.js';

const PATH = '/home/me/.config/pooltop/config.toml';
const parse = (toml: string) =>
  parseNotifyConfig(parseTomlDocument('preferences file', PATH, toml).notify, PATH);
const problem = (toml: string) => {
  const e = thrown(() => parse(toml));
  expect(e.kind).toBe('config');
  expect(e.message.split('\n')).toHaveLength(1);
  return e.message;
};

describe('[[notify]] in the preferences file', () => {
  it("reads the issue's example", () => {
    const targets = parse(`
[[notify]]
type = "webhook"
url  = "https://hooks.example.com/T00/B00/XXXX"
format = "json"
[[notify]]
type = "exec"
command = ["/usr/local/bin/page-me", "--urgent"]
[[notify]]
type = "alertmanager"
url  = "http://127.0.0.1:9093"
`);
    expect(targets).toEqual([
      {
        type: 'webhook',
        index: 1,
        url: 'https://hooks.example.com/T00/B00/XXXX',
        format: 'json',
        timeoutMs: 10_000,
      },
      { type: 'exec', index: 2, command: ['/usr/local/bin/page-me', '--urgent'], timeoutMs: 10_000 },
      { type: 'alertmanager', index: 3, url: 'http://127.0.0.1:9093/', timeoutMs: 10_000 },
    ]);
  });

  it('takes telegram, ntfy and timeouts; json is the default format', () => {
    const [tg, ntfy, plain, hook] = parse(`
[[notify]]
type = "webhook"
url = "https://api.telegram.org/bot123:ABC/sendMessage"
format = "telegram"
chat_id = -1001234567890
[[notify]]
type = "webhook"
url = "https://ntfy.sh/secret-topic"
format = "ntfy"
priority = 5
tags = ["warning", "pool"]
[[notify]]
type = "webhook"
url = "http://10.0.0.5:8080/hook"
[[notify]]
type = "exec"
command = ["notify-send"]
timeout = "500ms"
`);
    expect(tg).toMatchObject({ format: 'telegram', chatId: -1001234567890 });
    expect(ntfy).toMatchObject({ format: 'ntfy', priority: 5, tags: ['warning', 'pool'] });
    expect(plain).toMatchObject({ format: 'json', url: 'http://10.0.0.5:8080/hook' });
    expect(hook).toMatchObject({ command: ['notify-send'], timeoutMs: 500 });
  });

  it('no [[notify]] means no targets', () => {
    expect(parse('[thresholds.pool]\n')).toEqual([]);
  });

  it.each([
    ['[[notify]]\ntype = "smtp"', 'notify[1].type: unknown type "smtp"; one of webhook, exec, alertmanager'],
    ['[[notify]]\nurl = "https://x.example"', 'notify[1].type: missing; one of webhook, exec, alertmanager'],
    ['[[notify]]\ntype = "exec"\ncommand = ["a"]\n[[notify]]\ntype = "webhook"', 'notify[2].url: missing'],
    ['[notify]\ntype = "exec"', 'notify: must be an array of tables: write each one as [[notify]]'],
    [
      '[[notify]]\ntype = "webhook"\nurl = "https://x.example"\nformat = "teams"',
      'notify[1].format: unknown format "teams"; one of json, slack, discord, telegram, ntfy',
    ],
    [
      '[[notify]]\ntype = "webhook"\nurl = "https://x.example"\nformat = "telegram"',
      'notify[1].chat_id: missing; telegram needs the chat to send to (a number or "@channel")',
    ],
    [
      '[[notify]]\ntype = "webhook"\nurl = "https://x.example"\nchat_id = 5',
      'notify[1].chat_id: only for format = "telegram"',
    ],
    [
      '[[notify]]\ntype = "webhook"\nurl = "https://x.example"\nformat = "ntfy"\npriority = 6',
      'notify[1].priority: must be a whole number from 1 (min) to 5 (max)',
    ],
    [
      '[[notify]]\ntype = "webhook"\nurl = "https://x.example"\nformat = "ntfy"\ntags = ["a\\r\\nX-Evil: 1"]',
      'notify[1].tags: must be an array of words of letters, digits, _ + . - such as ["warning", "pool"]',
    ],
    [
      '[[notify]]\ntype = "exec"\ncommand = []',
      'notify[1].command: must be a non-empty array of strings (the program and its arguments; no shell)',
    ],
    [
      '[[notify]]\ntype = "exec"\ncommand = "page-me --urgent"',
      'notify[1].command: must be a non-empty array of strings (the program and its arguments; no shell)',
    ],
    [
      '[[notify]]\ntype = "exec"\ncommand = ["x"]\ntimeout = 10',
      'notify[1].timeout: must be a duration from 1ms to 10m such as "10s" or "500ms"',
    ],
    [
      '[[notify]]\ntype = "exec"\ncommand = ["x"]\nurl = "https://x.example"',
      'notify[1].url: unknown key for type "exec" (known: type, command, timeout)',
    ],
    [
      '[[notify]]\ntype = "exec"\ncommand = ["a"]\n[[notify]]\ntype = "exec"\ncommand = ["b"]\n[[notify]]\ntype = "exec"\ncommand = ["a"]',
      'notify[3]: the same destination as notify[1]',
    ],
    [
      '[[notify]]\ntype = "alertmanager"\nurl = "ftp://am.example/x"',
      'notify[1].url: scheme must be http or https, not ftp',
    ],
    [
      '[[notify]]\ntype = "alertmanager"\nurl = "not a url"',
      'notify[1].url: not an absolute URL such as https://example.com/hook',
    ],
  ])('%j → one line naming the file and key', (toml, message) => {
    expect(problem(toml)).toBe(`${PATH}: ${message}`);
  });

  it('never quotes a URL: it holds the token', () => {
    const message = problem('[[notify]]\ntype = "webhook"\nurl = "file://bot12345:SECRET@host/x"');
    expect(message).not.toContain('SECRET');
    expect(message).not.toContain('12345');
  });

  it('quotes a bad value cleaned of control characters', () => {
    expect(problem('[[notify]]\ntype = "\\u001b[31msmtp"')).toContain('unknown type "smtp"');
  });
});
