/**
 * Distinctive secret values for the secrets tests, and the search for them. A leak is reported
 * by where it was found and which secret it was (its role), never by its value.
 */
export const SECRETS = {
  apiKey: 'key-pooltop-test-0001',
  apiSecret: 'SeCrEt-api-7f3a9c2e1b5d4a60',
  clientId: 'pooltop-test-client',
  clientSecret: 'SeCrEt+client/5d8e6f0a=1b2c3d4e',
  refreshToken: 'SeCrEt+refresh/0a9b8c7d6e5f4a3b',
} as const;

/** Role → value. Empty values are skipped. */
export type SecretSet = Readonly<Record<string, string>>;

/** Roles that are secret (the API key and client ID are identifiers, shown in places on purpose). */
const PUBLIC_ROLES = new Set(['apiKey', 'clientId']);

/** A 12-character piece of a secret is enough to count: a half-masked secret is a leak too. */
const PIECE = 12;

/** Every run of base64, base64url or hex in `text`, decoded at each alignment it may have. */
function decodedRuns(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(/[A-Za-z0-9+/_-]{16,}/g) ?? []) {
    for (let cut = 0; cut < 4; cut++) out.push(Buffer.from(run.slice(cut), 'base64').toString('latin1'));
  }
  for (const run of text.match(/[0-9a-fA-F]{16,}/g) ?? []) {
    for (let cut = 0; cut < 2; cut++) out.push(Buffer.from(run.slice(cut), 'hex').toString('latin1'));
  }
  return out;
}

/**
 * Where `text` holds any secret of `secrets`: whole, URL-encoded, or a 12-character piece of it,
 * as text or inside a run of base64 or hex.
 */
export function leaksIn(where: string, text: string, secrets: SecretSet): string[] {
  const found: string[] = [];
  for (const [role, value] of Object.entries(secrets)) {
    if (PUBLIC_ROLES.has(role) || value.length === 0) continue;
    const forms = [value, encodeURIComponent(value), new URLSearchParams({ s: value }).toString().slice(2)];
    for (let i = 0; i + PIECE <= value.length; i++) forms.push(value.slice(i, i + PIECE));
    const decoded = decodedRuns(text);
    if (forms.some((f) => text.includes(f) || decoded.some((d) => d.includes(f))))
      found.push(`${where}: ${role}`);
  }
  return found;
}
