/**
 * Webhook URLs are secrets: Telegram's bot token and Slack's and Discord's hook keys sit in the
 * path, ntfy's topic is the path, some services take `?token=`, and a URL may carry `user:pass@`.
 * Whatever pooltop says about a URL names only its scheme, host and port.
 */

/** `https://hooks.slack.com/services/T/B/X?token=y` → `https://hooks.slack.com`. */
export function maskUrl(url: string | URL): string {
  try {
    const u = typeof url === 'string' ? new URL(url) : url;
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return '(not an http URL)';
    // `origin` is scheme, host and port only: never userinfo, path, query or fragment.
    return u.origin;
  } catch {
    return '(invalid URL)';
  }
}

/**
 * `text` (a receiver's error answer, quoted in a message) with every secret part of `url` cut
 * out: a service that echoes the request path or a token must not put it on stderr.
 */
export function withoutUrlSecrets(text: string, url: URL): string {
  const raw = [...url.pathname.split('/'), ...url.searchParams.values(), url.username, url.password];
  const parts = [...raw, ...raw.map(safeDecode)].filter((p) => p.length >= 4);
  let out = text;
  for (const part of parts.sort((a, b) => b.length - a.length)) out = out.split(part).join('…');
  return out;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
